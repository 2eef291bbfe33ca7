/**
 * Browsers do not display TIFF, which scanners and archives produce. This decodes the common
 * baseline cases to a PNG: strips or tiles, uncompressed, LZW, PackBits or Deflate, 1/8/16-bit
 * grey, RGB(A) or palette, chunky layout. Fax (CCITT) and JPEG-in-TIFF are refused with a message.
 */

const TAG = {
  width: 256,
  height: 257,
  bits: 258,
  compression: 259,
  photometric: 262,
  stripOffsets: 273,
  samples: 277,
  rowsPerStrip: 278,
  stripBytes: 279,
  planar: 284,
  predictor: 317,
  colorMap: 320,
  tileWidth: 322,
  tileLength: 323,
  tileOffsets: 324,
  tileBytes: 325,
};

export class TiffError extends Error {}

function readIfd(view: DataView, le: boolean): Map<number, number[]> {
  const tags = new Map<number, number[]>();
  const ifd = view.getUint32(4, le);
  const count = view.getUint16(ifd, le);
  const sizes: Record<number, number> = { 1: 1, 2: 1, 3: 2, 4: 4, 5: 8, 6: 1, 7: 1, 8: 2, 9: 4, 10: 8, 11: 4, 12: 8 };
  for (let i = 0; i < count; i++) {
    const p = ifd + 2 + i * 12;
    const tag = view.getUint16(p, le);
    const type = view.getUint16(p + 2, le);
    const n = view.getUint32(p + 4, le);
    const size = (sizes[type] ?? 1) * n;
    const at = size <= 4 ? p + 8 : view.getUint32(p + 8, le);
    const values: number[] = [];
    for (let k = 0; k < n && k < 1 << 20; k++) {
      if (type === 3) values.push(view.getUint16(at + k * 2, le));
      else if (type === 4) values.push(view.getUint32(at + k * 4, le));
      else if (type === 1 || type === 7) values.push(view.getUint8(at + k));
      else if (type === 5) values.push(view.getUint32(at + k * 8, le) / view.getUint32(at + k * 8 + 4, le));
      else break;
    }
    tags.set(tag, values);
  }
  return tags;
}

function lzw(input: Uint8Array, expected: number): Uint8Array {
  const out = new Uint8Array(expected);
  let o = 0;
  const dict: Uint8Array[] = [];
  const reset = () => {
    dict.length = 0;
    for (let i = 0; i < 256; i++) dict.push(Uint8Array.of(i));
    dict.push(new Uint8Array(0), new Uint8Array(0));
  };
  reset();
  let bitPos = 0;
  let width = 9;
  let prev: Uint8Array | null = null;
  const read = () => {
    let v = 0;
    for (let i = 0; i < width; i++) {
      const byte = input[(bitPos + i) >> 3] ?? 0;
      v = (v << 1) | ((byte >> (7 - ((bitPos + i) & 7))) & 1);
    }
    bitPos += width;
    return v;
  };
  while (bitPos + width <= input.length * 8 && o < expected) {
    const code = read();
    if (code === 257) break;
    if (code === 256) {
      reset();
      width = 9;
      prev = null;
      continue;
    }
    let entry: Uint8Array;
    if (code < dict.length) {
      entry = dict[code]!;
      if (prev) {
        const added = new Uint8Array(prev.length + 1);
        added.set(prev);
        added[prev.length] = entry[0]!;
        dict.push(added);
      }
    } else if (prev) {
      entry = new Uint8Array(prev.length + 1);
      entry.set(prev);
      entry[prev.length] = prev[0]!;
      dict.push(entry);
    } else throw new TiffError('LZW 数据损坏');
    out.set(entry.subarray(0, expected - o), o);
    o += entry.length;
    prev = entry;
    // TIFF's LZW widens the code one entry early.
    if (dict.length + 1 >= 1 << width && width < 12) width++;
  }
  return out;
}

function packBits(input: Uint8Array, expected: number): Uint8Array {
  const out = new Uint8Array(expected);
  let i = 0;
  let o = 0;
  while (i < input.length && o < expected) {
    const n = (input[i++]! << 24) >> 24;
    if (n >= 0) {
      out.set(input.subarray(i, i + n + 1), o);
      i += n + 1;
      o += n + 1;
    } else if (n !== -128) {
      out.fill(input[i++]!, o, o + 1 - n);
      o += 1 - n;
    }
  }
  return out;
}

async function inflate(input: Uint8Array): Promise<Uint8Array> {
  const stream = new Blob([input as BlobPart]).stream().pipeThrough(new DecompressionStream('deflate'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

export async function decodeTiff(buffer: ArrayBuffer): Promise<Blob> {
  const view = new DataView(buffer);
  const bytes = new Uint8Array(buffer);
  const order = view.getUint16(0, false);
  if (order !== 0x4949 && order !== 0x4d4d) throw new TiffError('不是 TIFF 文件');
  const le = order === 0x4949;
  const tags = readIfd(view, le);
  const one = (t: number, d = 0) => tags.get(t)?.[0] ?? d;
  const width = one(TAG.width);
  const height = one(TAG.height);
  const samples = one(TAG.samples, 1);
  const bits = one(TAG.bits, 1);
  const compression = one(TAG.compression, 1);
  const photometric = one(TAG.photometric, 1);
  const predictor = one(TAG.predictor, 1);
  if (!width || !height || width * height > 80_000_000) throw new TiffError('图片尺寸不受支持');
  if (one(TAG.planar, 1) !== 1) throw new TiffError('不支持分平面存储的 TIFF');
  if (![1, 5, 8, 32946, 32773].includes(compression)) throw new TiffError('不支持该 TIFF 压缩方式（如传真、JPEG 压缩），请下载后查看');
  if (![1, 8, 16].includes(bits)) throw new TiffError('不支持该 TIFF 位深');

  const tiled = tags.has(TAG.tileOffsets);
  const blockW = tiled ? one(TAG.tileWidth) : width;
  const blockH = tiled ? one(TAG.tileLength) : Math.min(one(TAG.rowsPerStrip, height), height);
  const offsets = tags.get(tiled ? TAG.tileOffsets : TAG.stripOffsets) ?? [];
  const counts = tags.get(tiled ? TAG.tileBytes : TAG.stripBytes) ?? [];
  const rowBytes = Math.ceil((blockW * samples * bits) / 8);
  const across = Math.ceil(width / blockW);

  const rgba = new Uint8ClampedArray(width * height * 4);
  const map = tags.get(TAG.colorMap);
  for (let b = 0; b < offsets.length; b++) {
    const raw = bytes.subarray(offsets[b]!, offsets[b]! + (counts[b] ?? 0));
    const expected = rowBytes * blockH;
    let data: Uint8Array;
    if (compression === 1) data = raw;
    else if (compression === 5) data = lzw(raw, expected);
    else if (compression === 32773) data = packBits(raw, expected);
    else data = await inflate(raw);
    const x0 = tiled ? (b % across) * blockW : 0;
    const y0 = tiled ? Math.floor(b / across) * blockH : b * blockH;
    for (let y = 0; y < blockH && y0 + y < height; y++) {
      const row = data.subarray(y * rowBytes, (y + 1) * rowBytes);
      if (predictor === 2 && bits === 8) {
        for (let i = samples; i < row.length; i++) row[i] = (row[i]! + row[i - samples]!) & 0xff;
      }
      for (let x = 0; x < blockW && x0 + x < width; x++) {
        const sample = (s: number): number => {
          const index = x * samples + s;
          if (bits === 8) return row[index] ?? 0;
          if (bits === 16) return row[index * 2 + (le ? 1 : 0)] ?? 0;
          const bit = ((row[index >> 3] ?? 0) >> (7 - (index & 7))) & 1;
          return bit ? 255 : 0;
        };
        const o = ((y0 + y) * width + x0 + x) * 4;
        if (photometric === 2) {
          rgba[o] = sample(0);
          rgba[o + 1] = sample(1);
          rgba[o + 2] = sample(2);
          rgba[o + 3] = samples > 3 ? sample(3) : 255;
        } else if (photometric === 3 && map) {
          const idx = bits === 8 ? (row[x] ?? 0) : sample(0) ? 1 : 0;
          const n = map.length / 3;
          rgba[o] = (map[idx] ?? 0) >> 8;
          rgba[o + 1] = (map[n + idx] ?? 0) >> 8;
          rgba[o + 2] = (map[2 * n + idx] ?? 0) >> 8;
          rgba[o + 3] = 255;
        } else {
          const v = photometric === 0 ? 255 - sample(0) : sample(0);
          rgba[o] = rgba[o + 1] = rgba[o + 2] = v;
          rgba[o + 3] = samples > 1 ? sample(1) : 255;
        }
      }
    }
  }
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  canvas.getContext('2d')!.putImageData(new ImageData(rgba, width, height), 0, 0);
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new TiffError('图片转换失败'))), 'image/png'),
  );
}
