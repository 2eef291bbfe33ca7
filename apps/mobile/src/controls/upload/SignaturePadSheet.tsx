import { useEffect, useRef, useState } from 'react';
import { Button, Popup, Toast } from 'antd-mobile';
import SignaturePad from 'signature_pad';
import { uploadFile } from './files.ts';

/** A pad on the canvas, its backing store at the device's pixel ratio so strokes stay sharp. */
function attachPad(canvas: HTMLCanvasElement): SignaturePad {
  const ratio = Math.max(window.devicePixelRatio || 1, 1);
  canvas.width = canvas.offsetWidth * ratio;
  canvas.height = canvas.offsetHeight * ratio;
  canvas.getContext('2d')?.scale(ratio, ratio);
  return new SignaturePad(canvas, { backgroundColor: 'rgb(255,255,255)', penColor: '#111' });
}

/**
 * The signing sheet: the desktop's pad library (signature_pad) drawn with a finger; the png is
 * uploaded as the `image` field (spec 000 §7) and its file id handed back. This file is loaded
 * only when a signature field is shown editable (SignatureField), not with the form.
 */
export function SignaturePadSheet({ title, onCancel, onSigned }: { title: string; onCancel(): void; onSigned(fileId: string): void }) {
  const [canvas, setCanvas] = useState<HTMLCanvasElement | null>(null);
  const padRef = useRef<SignaturePad | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!canvas) return;
    // After the sheet's first layout (it slides in), so the canvas has its size.
    let pad: SignaturePad | null = null;
    const timer = window.setTimeout(() => {
      pad = attachPad(canvas);
      padRef.current = pad;
    }, 350);
    return () => {
      window.clearTimeout(timer);
      pad?.off();
      padRef.current = null;
    };
  }, [canvas]);

  const save = async () => {
    const pad = padRef.current;
    if (!pad || !canvas || pad.isEmpty()) {
      Toast.show({ content: '请先签名' });
      return;
    }
    setSaving(true);
    try {
      const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
      if (!blob) throw new Error('签名图片生成失败');
      const up = await uploadFile(blob, 'signature.png', null, { field: 'image', image: true });
      onSigned(up.fileId);
    } catch {
      // The http client has said why.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Popup visible onMaskClick={undefined} bodyClassName="m-popup" destroyOnClose>
      <div className="m-popup-title">{title}</div>
      <canvas ref={setCanvas} className="m-signature-canvas" data-testid="signature-canvas" />
      <div className="m-popup-actions">
        <Button onClick={() => padRef.current?.clear()}>清空</Button>
        <Button onClick={onCancel}>取消</Button>
        <Button color="primary" loading={saving} onClick={() => void save()}>
          确定
        </Button>
      </div>
    </Popup>
  );
}
