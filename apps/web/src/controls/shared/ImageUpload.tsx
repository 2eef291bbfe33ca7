import { useEffect, useRef, useState } from 'react';
import { App, Progress, Upload } from 'antd';
import { DeleteOutlined, EyeOutlined, PlusOutlined } from '@ant-design/icons';
import { fileTooLarge, IMAGE_TYPE_ONLY, uploadExceed, uploadItems, type FormControl } from '@park/core';
import type { ControlWidget, DisplayProps, EditorProps } from '../types.ts';
import { fileLimitOf, imageSrc, maxFileSizeOf, uploadFile } from './files.ts';
import { ImageViewer } from './ImageViewer.tsx';
import { uploadText } from './text.ts';
import { optionsOf, textOf } from './values.ts';

const IMAGE_TYPES = new Set(['image/jpeg', 'image/png']);
const IMAGE_SUFFIX = /\.(jpe?g|png)$/i;

let uploadSeq = 0;
export const nextUploadId = () => `upload-${++uploadSeq}`;

interface Pending {
  uid: string;
  name: string;
  percent: number;
}

export function isImageFile(file: { type: string; name: string }): boolean {
  return IMAGE_TYPES.has(file.type) || (file.type === '' && IMAGE_SUFFIX.test(file.name));
}

/** The checks the spec's upload widget makes before sending (spec 001 §5.6). */
export function checkBeforeUpload(
  control: FormControl,
  file: { type: string; name: string; size: number },
  batch: number,
  already: number,
  images: boolean,
): { level: 'error' | 'warning'; text: string } | null {
  const limit = fileLimitOf(control);
  if (limit !== undefined && already + batch > limit)
    return { level: 'warning', text: uploadExceed(limit, batch, already) };
  if (images && !isImageFile(file)) return { level: 'error', text: IMAGE_TYPE_ONLY };
  const max = maxFileSizeOf(control);
  if (max !== undefined && file.size / 1024 / 1024 >= max)
    return { level: 'error', text: fileTooLarge(textOf(optionsOf(control).maxFileSize) || max) };
  return null;
}

function presetsOf(control: FormControl): string[] {
  return textOf(optionsOf(control).presetImgs)
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

function Thumbs({
  items,
  onOpen,
  onRemove,
}: {
  items: string[];
  onOpen(i: number): void;
  onRemove?: (i: number) => void;
}) {
  return (
    <>
      {items.map((item, i) => (
        <div className="image-thumb" key={`${item}-${i}`}>
          <img src={imageSrc(item)} alt={`图片${i + 1}`} />
          <div className="image-thumb-actions">
            <button type="button" aria-label="预览图片" onClick={() => onOpen(i)}>
              <EyeOutlined />
            </button>
            {onRemove && (
              <button type="button" aria-label="删除图片" onClick={() => onRemove(i)}>
                <DeleteOutlined />
              </button>
            )}
          </div>
        </div>
      ))}
    </>
  );
}

/**
 * image_upload: jpeg and png only, a size and a count limit with the spec's messages, upload
 * progress, preset images to pick from, and preview in the image viewer.
 */
function ImageUploadEditor({ control, value, onChange, onBlur, disabled, id }: EditorProps) {
  const { message, notification } = App.useApp();
  const items = uploadItems(value) ?? [];
  // Uploads finish one by one after the value the callback saw: each adds to the latest list.
  const itemsRef = useRef(items);
  useEffect(() => {
    itemsRef.current = items;
  });
  const [pending, setPending] = useState<Pending[]>([]);
  const [viewer, setViewer] = useState<number | null>(null);
  const limit = fileLimitOf(control);
  const presets = presetsOf(control).filter((p) => !items.includes(p));
  const full = limit !== undefined && items.length + pending.length >= limit;

  const add = (fileId: string) => {
    const next = [...itemsRef.current, fileId];
    itemsRef.current = next;
    onChange(next);
    onBlur?.();
  };

  return (
    <div className="image-upload" id={id}>
      <div className="image-upload-list">
        <Thumbs
          items={items}
          onOpen={setViewer}
          onRemove={
            disabled
              ? undefined
              : (i) => {
                  onChange(items.filter((_, j) => j !== i));
                  onBlur?.();
                }
          }
        />
        {pending.map((p) => (
          <div className="image-thumb image-thumb-pending" key={p.uid} title={p.name}>
            <Progress type="circle" percent={p.percent} size={56} />
          </div>
        ))}
        {!disabled && !full && (
          <Upload
            accept=".jpg,.jpeg,.png,image/jpeg,image/png"
            multiple={limit === undefined || limit > 1}
            showUploadList={false}
            beforeUpload={(file, batch) => {
              const problem = checkBeforeUpload(
                control,
                file,
                batch.length,
                itemsRef.current.length + pending.length,
                true,
              );
              if (problem) {
                // One warning per choice, not one per file of it.
                if (problem.level === 'error' || file === batch[0]) void message[problem.level](problem.text);
                return Upload.LIST_IGNORE;
              }
              return true;
            }}
            customRequest={({ file }) => {
              const blob = file as File;
              const uid = nextUploadId();
              setPending((list) => [...list, { uid, name: blob.name, percent: 0 }]);
              const progress = (percent: number) =>
                setPending((list) => list.map((p) => (p.uid === uid ? { ...p, percent } : p)));
              uploadFile(blob, blob.name, { control, image: true, onProgress: progress })
                .then((up) => {
                  add(up.fileId);
                  notification.success({
                    title: '成功',
                    description: '上传成功',
                    key: 'upload-ok',
                    duration: 2,
                  });
                })
                .catch(() => undefined)
                .finally(() => setPending((list) => list.filter((p) => p.uid !== uid)));
            }}
          >
            <button type="button" className="image-thumb image-add" aria-label="上传图片">
              <PlusOutlined />
              <span>上传图片</span>
            </button>
          </Upload>
        )}
      </div>
      {!disabled && presets.length > 0 && !full && (
        <div className="image-presets">
          <span className="image-presets-label">预置图片：</span>
          {presets.map((p) => (
            <button type="button" key={p} className="image-preset" onClick={() => add(p)} title="使用该图片">
              <img src={imageSrc(p)} alt="预置图片" />
            </button>
          ))}
        </div>
      )}
      {limit !== undefined && !disabled && (
        <div className="upload-tip">
          只能上传jpg/png文件，最多{limit}张
          {maxFileSizeOf(control) !== undefined
            ? `，单张不超过${textOf(optionsOf(control).maxFileSize)}M`
            : ''}
        </div>
      )}
      <ImageViewer
        images={items}
        open={viewer !== null}
        start={viewer ?? 0}
        onClose={() => setViewer(null)}
      />
    </div>
  );
}

function ImageDisplay({ value }: DisplayProps) {
  const items = uploadItems(value) ?? [];
  const [viewer, setViewer] = useState<number | null>(null);
  if (items.length === 0) return <span className="field-display-empty">-</span>;
  return (
    <div className="image-upload-list">
      <Thumbs items={items} onOpen={setViewer} />
      <ImageViewer
        images={items}
        open={viewer !== null}
        start={viewer ?? 0}
        onClose={() => setViewer(null)}
      />
    </div>
  );
}

export function imageUploadWidget(): ControlWidget {
  return { frame: 'field', Editor: ImageUploadEditor, Display: ImageDisplay, text: uploadText };
}
