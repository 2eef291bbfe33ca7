import { lazy, Suspense, useEffect, useState } from 'react';
import { Button, Space } from 'antd';
import { EditOutlined } from '@ant-design/icons';
import { fileIdOf, uploadItems } from '@park/core';
import type { ControlWidget, DisplayProps, EditorProps } from '../types.ts';
import { imageSrc } from '../common/files.ts';
import { ImageViewer } from './ImageViewer.tsx';
import { signatureText } from '../common/text.ts';
import { nameOf } from '../common/values.ts';

// The pad's library loads with the dialog, not with the form: the designer's panels and every
// form without a signature never fetch it. An editable pad fetches it as it is drawn, so the
// dialog opens at once when clicked.
const loadDialog = () => import('./SignatureDialog.tsx');
const SignatureDialog = lazy(() => loadDialog().then((m) => ({ default: m.SignatureDialog })));

function SignatureImage({ fileId }: { fileId: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="signature-image" onClick={() => setOpen(true)} aria-label="查看签名">
        <img src={imageSrc(fileId)} alt="签名" />
      </button>
      <ImageViewer images={[fileId]} open={open} onClose={() => setOpen(false)} />
    </>
  );
}

/** signature: a pad in a dialog; the png is uploaded and its file id kept. */
function SignatureEditor({ control, value, onChange, onBlur, disabled, id }: EditorProps) {
  const [open, setOpen] = useState(false);
  const fileId = (uploadItems(value) ?? []).map(fileIdOf)[0];
  useEffect(() => {
    if (!disabled) void loadDialog();
  }, [disabled]);
  return (
    <div className="signature-field" id={id}>
      {fileId && <SignatureImage fileId={fileId} />}
      {!disabled && (
        <Space>
          <Button icon={<EditOutlined />} onClick={() => setOpen(true)}>
            {fileId ? '重新签名' : '点击签名'}
          </Button>
          {fileId && (
            <Button
              onClick={() => {
                onChange('');
                onBlur?.();
              }}
            >
              清除
            </Button>
          )}
        </Space>
      )}
      {open && (
        <Suspense fallback={null}>
          <SignatureDialog
            title={nameOf(control) || '签名'}
            onCancel={() => setOpen(false)}
            onSigned={(fid) => {
              onChange(fid);
              onBlur?.();
              setOpen(false);
            }}
          />
        </Suspense>
      )}
    </div>
  );
}

function SignatureDisplay({ value }: DisplayProps) {
  const fileId = (uploadItems(value) ?? []).map(fileIdOf)[0];
  return fileId ? <SignatureImage fileId={fileId} /> : <span className="field-display-empty">-</span>;
}

export function signatureWidget(): ControlWidget {
  return { frame: 'field', Editor: SignatureEditor, Display: SignatureDisplay, text: signatureText };
}
