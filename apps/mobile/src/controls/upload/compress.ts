/**
 * Photos from a phone's camera are 3–12 MB; the park's forms cap uploads at a few MB and the
 * network may be slow. Before upload an image is drawn onto a canvas no larger than
 * MAX_IMAGE_SIDE and re-encoded as JPEG; when that does not make it smaller the original goes.
 */
export const MAX_IMAGE_SIDE = 1600;
export const JPEG_QUALITY = 0.8;

/** The size an image is drawn at: within `max` on its longer side, proportions kept, never enlarged. */
export function fitWithin(width: number, height: number, max = MAX_IMAGE_SIDE): { width: number; height: number } {
  if (width <= 0 || height <= 0) return { width: 0, height: 0 };
  const scale = Math.min(1, max / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** The name a re-encoded photo is uploaded under: its own, ending .jpg. */
export function jpegName(name: string): string {
  const base = name.replace(/\.[^.\\/]*$/, '') || 'photo';
  return `${base}.jpg`;
}

async function decode(file: Blob): Promise<{ source: CanvasImageSource; width: number; height: number; done(): void }> {
  if (typeof createImageBitmap === 'function') {
    const bitmap = await createImageBitmap(file);
    return { source: bitmap, width: bitmap.width, height: bitmap.height, done: () => bitmap.close() };
  }
  const url = URL.createObjectURL(file);
  const img = new Image();
  img.src = url;
  await img.decode();
  return { source: img, width: img.naturalWidth, height: img.naturalHeight, done: () => URL.revokeObjectURL(url) };
}

/** The photo to upload: re-encoded smaller when that helps, else the file itself. */
export async function compressImage(file: File): Promise<File> {
  try {
    const img = await decode(file);
    const size = fitWithin(img.width, img.height);
    const canvas = document.createElement('canvas');
    canvas.width = size.width;
    canvas.height = size.height;
    const g = canvas.getContext('2d');
    if (!g) {
      img.done();
      return file;
    }
    // JPEG has no transparency: a PNG's clear parts become white, not black.
    g.fillStyle = '#fff';
    g.fillRect(0, 0, size.width, size.height);
    g.drawImage(img.source, 0, 0, size.width, size.height);
    img.done();
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', JPEG_QUALITY));
    if (!blob || blob.size >= file.size) return file;
    return new File([blob], jpegName(file.name), { type: 'image/jpeg' });
  } catch {
    // A format the browser cannot draw goes as it is; the server checks it anyway.
    return file;
  }
}
