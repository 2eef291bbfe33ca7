import { useEffect, useRef, useState } from 'react';
import { App, Button, Modal, Space } from 'antd';
import { EditOutlined } from '@ant-design/icons';
import SignaturePad from 'signature_pad';
import { fileIdOf, uploadItems } from '@park/core';
import type { ControlWidget, DisplayProps, EditorProps } from '../types.ts';
import { imageSrc, uploadFile } from './files.ts';
import { ImageViewer } from './ImageViewer.tsx';
import { signatureText } from './text.ts';
import { nameOf } from './values.ts';

/** A pad on the canvas, its backing store at the device's pixel ratio so strokes stay sharp. */
function attachPad(canvas: HTMLCanvasElement): SignaturePad {
  const ratio = Math.max(window.devicePixelRatio || 1, 1);
  canvas.width = canvas.offsetWidth * ratio;
  canvas.height = canvas.offsetHeight * ratio;
  canvas.getContext('2d')?.scale(ratio, ratio);
  return new SignaturePad(canvas, { backgroundColor: 'rgb(255,255,255)', penColor: '#111' });
}

function SignatureDialog({
  onCancel,
  onSigned,
  title,
}: {
  title: string;
  onCancel(): void;
  onSigned(fileId: string): void;
}) {
  const { message } = App.useApp();
  // A callback ref: the dialog's body may mount after this component's first effects run.
  const [canvas, setCanvas] = useState<HTMLCanvasElement | null>(null);
  const padRef = useRef<SignaturePad | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!canvas) return;
    // After the dialog's first layout, so the canvas has its size.
    let pad: SignaturePad | null = null;
    const frame = requestAnimationFrame(() => {
      pad = attachPad(canvas);
      padRef.current = pad;
    });
    return () => {
      cancelAnimationFrame(frame);
      pad?.off();
      padRef.current = null;
    };
  }, [canvas]);

  const save = async () => {
    const pad = padRef.current;
    if (!pad || !canvas || pad.isEmpty()) {
      void message.warning('请先签名');
      return;
    }
    setSaving(true);
    try {
      const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
      if (!blob) throw new Error('签名图片生成失败');
      // The signature pad sends its png as the upload's `image` field (spec 000 §7).
      const up = await uploadFile(blob, 'signature.png', { control: null, field: 'image', image: true });
      onSigned(up.fileId);
    } catch {
      // The http client has shown the reason.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      title={title}
      width={640}
      onCancel={onCancel}
      mask={{ closable: false }}
      footer={[
        <Button key="clear" onClick={() => padRef.current?.clear()}>
          清空
        </Button>,
        <Button key="cancel" onClick={onCancel}>
          取消
        </Button>,
        <Button key="ok" type="primary" loading={saving} onClick={() => void save()}>
          确定
        </Button>,
      ]}
    >
      <canvas ref={setCanvas} className="signature-canvas" aria-label="签名板" data-testid="signature-pad" />
      <div className="upload-tip">请在上方区域内书写签名</div>
    </Modal>
  );
}

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
        <SignatureDialog
          title={nameOf(control) || '签名'}
          onCancel={() => setOpen(false)}
          onSigned={(fid) => {
            onChange(fid);
            onBlur?.();
            setOpen(false);
          }}
        />
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
