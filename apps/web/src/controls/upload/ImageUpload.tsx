import { useEffect, useRef, useState } from 'react';
import { Progress, Upload } from 'antd';
import { DeleteOutlined, EyeOutlined, PlusOutlined } from '@ant-design/icons';
import { uploadItems, type FormControl } from '@park/core';
import type { ControlWidget, DisplayProps, EditorProps } from '../types.ts';
import { fileLimitOf, imageSrc, maxFileSizeOf } from '../common/files.ts';
import { useFieldUploads } from './fieldUploads.ts';
import { ImageViewer } from './ImageViewer.tsx';
import { uploadText } from '../common/text.ts';
import { optionsOf, textOf } from '../common/values.ts';

// Named here before fieldUploads.ts existed.
export { checkBeforeUpload, isImageFile, nextUploadId } from './fieldUploads.ts';

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
  const items = uploadItems(value) ?? [];
  // Uploads finish one by one after the value the callback saw: each adds to the latest list.
  const itemsRef = useRef(items);
  useEffect(() => {
    itemsRef.current = items;
  });
  const add = (fileId: string) => {
    const next = [...itemsRef.current, fileId];
    itemsRef.current = next;
    onChange(next);
    onBlur?.();
  };
  const { pending, beforeUpload, customRequest } = useFieldUploads(control, true, () => itemsRef.current.length, (up) => add(up.fileId));
  const [viewer, setViewer] = useState<number | null>(null);
  const limit = fileLimitOf(control);
  const presets = presetsOf(control).filter((p) => !items.includes(p));
  const full = limit !== undefined && items.length + pending.length >= limit;


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
            beforeUpload={beforeUpload}
            customRequest={customRequest}
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
