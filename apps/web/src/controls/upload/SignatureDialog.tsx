import { useEffect, useRef, useState } from 'react';
import { App, Button, Modal } from 'antd';
import SignaturePad from 'signature_pad';
import { uploadFile } from '../common/files.ts';

/** A pad on the canvas, its backing store at the device's pixel ratio so strokes stay sharp. */
function attachPad(canvas: HTMLCanvasElement): SignaturePad {
  const ratio = Math.max(window.devicePixelRatio || 1, 1);
  canvas.width = canvas.offsetWidth * ratio;
  canvas.height = canvas.offsetHeight * ratio;
  canvas.getContext('2d')?.scale(ratio, ratio);
  return new SignaturePad(canvas, { backgroundColor: 'rgb(255,255,255)', penColor: '#111' });
}

/** The signing dialog: a pad whose png is uploaded; loaded only when it opens (SignatureField). */
export function SignatureDialog({
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
