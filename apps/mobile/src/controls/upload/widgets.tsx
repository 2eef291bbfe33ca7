import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Button, ImageViewer, ProgressBar, Toast } from 'antd-mobile';
import { fileIdOf, traitsOf, uploadItems } from '@park/core';
import type { MobileControl, MobileDisplayProps, MobileEditorProps } from '../types.ts';
import { nameOf } from '../common/values.ts';
import { compressImage } from './compress.ts';
import { checkBeforeUpload, downloadUrl, imageSrc, rememberSentImage, uploadFile } from './files.ts';

const loadSheet = () => import('./SignaturePadSheet.tsx');
const SignaturePadSheet = lazy(() => loadSheet().then((m) => ({ default: m.SignaturePadSheet })));

function itemsOf(value: unknown): string[] {
  return uploadItems(value) ?? [];
}

function Thumbs({ items, onRemove }: { items: string[]; onRemove?(item: string): void }) {
  const [shown, setShown] = useState<number | null>(null);
  if (items.length === 0) return null;
  return (
    <div className="m-thumbs">
      {items.map((item, i) => (
        <div className="m-thumb" key={item}>
          <button type="button" className="m-thumb-image" onClick={() => setShown(i)} aria-label="查看图片">
            <img src={imageSrc(item)} alt="图片" />
          </button>
          {onRemove && (
            <button type="button" className="m-thumb-remove" aria-label="删除图片" onClick={() => onRemove(item)}>
              ×
            </button>
          )}
        </div>
      ))}
      <ImageViewer.Multi images={items.map(imageSrc)} visible={shown !== null} defaultIndex={shown ?? 0} onClose={() => setShown(null)} />
    </div>
  );
}

/**
 * Photos and files: a hidden file input (the camera for photos, `capture`), the desktop's checks
 * before sending with its messages, photos made smaller on a canvas first, then the upload call;
 * the field holds the file ids as the desktop's does.
 */
function makeUploadEditor(images: boolean) {
  return function UploadEditor({ control, value, onChange, disabled }: MobileEditorProps) {
    const input = useRef<HTMLInputElement>(null);
    const items = itemsOf(value);
    const latest = useRef(items);
    latest.current = items;
    const [busy, setBusy] = useState<{ done: number; total: number } | null>(null);

    const choose = async (chosen: File[]) => {
      setBusy({ done: 0, total: chosen.length });
      try {
        // A photo is checked as it will be sent: a 6 MB camera picture may fit a 5 MB cap once made smaller.
        const files = images ? await Promise.all(chosen.map(compressImage)) : chosen;
        for (const file of files) {
          const problem = checkBeforeUpload(control, file, files.length, latest.current.length, images);
          if (problem) {
            Toast.show({ content: problem });
            return;
          }
        }
        for (const [i, file] of files.entries()) {
          const up = await uploadFile(file, file.name, control, images ? { image: true } : {});
          if (images) rememberSentImage(up.fileId, file);
          latest.current = [...latest.current, up.fileId];
          onChange(latest.current);
          setBusy({ done: i + 1, total: files.length });
        }
        Toast.show({ icon: 'success', content: '上传成功' });
      } catch {
        // The http client has shown the server's reason (or 上传失败).
      } finally {
        setBusy(null);
      }
    };

    const remove = (item: string) => onChange(items.filter((x) => x !== item));
    return (
      <div className="m-upload">
        {images ? (
          <Thumbs items={items} onRemove={disabled ? undefined : remove} />
        ) : (
          <FileList items={items} onRemove={disabled ? undefined : remove} />
        )}
        {busy && <ProgressBar percent={Math.round((busy.done / Math.max(1, busy.total)) * 100)} />}
        {!disabled && (
          <>
            <input
              ref={input}
              type="file"
              hidden
              multiple
              accept={images ? 'image/jpeg,image/png' : undefined}
              capture={images ? 'environment' : undefined}
              data-testid={`upload-${String(control.model ?? '')}`}
              onChange={(e) => {
                const files = [...(e.target.files ?? [])];
                e.target.value = '';
                if (files.length > 0) void choose(files);
              }}
            />
            <Button size="small" color="primary" fill="outline" loading={busy !== null} onClick={() => input.current?.click()}>
              {images ? '拍照/选择照片' : '选择文件'}
            </Button>
          </>
        )}
      </div>
    );
  };
}

function FileList({ items, onRemove }: { items: string[]; onRemove?(item: string): void }) {
  if (items.length === 0) return null;
  return (
    <ul className="m-files">
      {items.map((item, i) => (
        <li key={item}>
          <a href={downloadUrl(fileIdOf(item))} target="_blank" rel="noreferrer">
            附件{i + 1}
          </a>
          {onRemove && (
            <button type="button" className="m-clear" aria-label="删除文件" onClick={() => onRemove(item)}>
              ×
            </button>
          )}
        </li>
      ))}
    </ul>
  );
}

function UploadDisplay({ control, value }: MobileDisplayProps) {
  const items = itemsOf(value);
  if (items.length === 0) return <span className="m-field-empty">-</span>;
  return traitsOf(control).upload === 'file' ? <FileList items={items} /> : <Thumbs items={items} />;
}

/** signature: a finger-drawn pad in a sheet; the png is uploaded and its file id kept. */
function SignatureEditor({ control, value, onChange, disabled }: MobileEditorProps) {
  const [open, setOpen] = useState(false);
  const fileId = itemsOf(value).map(fileIdOf)[0];
  useEffect(() => {
    // The pad's library is fetched while the form is read, so the sheet opens at once.
    if (!disabled) void loadSheet();
  }, [disabled]);
  return (
    <div className="m-signature">
      {fileId && <Thumbs items={[fileId]} />}
      {!disabled && (
        <div className="m-signature-actions">
          <Button size="small" color="primary" fill="outline" onClick={() => setOpen(true)}>
            {fileId ? '重新签名' : '点击签名'}
          </Button>
          {fileId && (
            <Button size="small" onClick={() => onChange('')}>
              清除
            </Button>
          )}
        </div>
      )}
      {open && (
        <Suspense fallback={null}>
          <SignaturePadSheet
            title={nameOf(control) || '签名'}
            onCancel={() => setOpen(false)}
            onSigned={(id) => {
              onChange(id);
              setOpen(false);
            }}
          />
        </Suspense>
      )}
    </div>
  );
}

function SignatureDisplay({ value }: MobileDisplayProps) {
  const fileId = itemsOf(value).map(fileIdOf)[0];
  return fileId ? <Thumbs items={[fileId]} /> : <span className="m-field-empty">-</span>;
}

export const imageUploadWidget = (): MobileControl => ({ frame: 'field', Editor: makeUploadEditor(true), Display: UploadDisplay });
export const fileUploadWidget = (): MobileControl => ({ frame: 'field', Editor: makeUploadEditor(false), Display: UploadDisplay });
export const signatureWidget = (): MobileControl => ({ frame: 'field', Editor: SignatureEditor, Display: SignatureDisplay });
