/**
 * Magic-byte detection. The browser-supplied Content-Type and the file name are both chosen by
 * the uploader, so the kind of a file is decided here from its first bytes, and the extension is
 * then only accepted if it agrees (see fileTypes.ts).
 */

export type FileKind =
  | 'jpeg'
  | 'png'
  | 'gif'
  | 'bmp'
  | 'tiff'
  | 'webp'
  | 'pdf'
  /** Any zip; refined to an Office Open XML kind by zipPeek.ts. */
  | 'zip'
  | 'docx'
  | 'xlsx'
  | 'pptx'
  /** OLE compound file: legacy doc/xls/ppt and the WPS formats; their kind is not told apart. */
  | 'ole'
  | 'rar'
  | '7z'
  | 'mp4'
  | 'ebml'
  | 'mp3'
  | 'wav'
  | 'avi'
  | 'ogg'
  | 'flac'
  | 'svg'
  | 'html'
  | 'xml'
  | 'text';

/** How many leading bytes callers should keep for sniff(). */
export const SNIFF_BYTES = 16 * 1024;

const startsWith = (b: Buffer, sig: number[], at = 0) =>
  b.length >= at + sig.length && sig.every((v, i) => b[at + i] === v);
const ascii = (b: Buffer, from: number, to: number) => b.subarray(from, to).toString('latin1');

function sniffBinary(b: Buffer): FileKind | null {
  if (startsWith(b, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (ascii(b, 0, 6) === 'GIF87a' || ascii(b, 0, 6) === 'GIF89a') return 'gif';
  // 'BM' alone is too weak; the BMP header also carries a known DIB header size at offset 14.
  if (
    ascii(b, 0, 2) === 'BM' &&
    b.length >= 18 &&
    [12, 40, 52, 56, 64, 108, 124].includes(b.readUInt32LE(14))
  )
    return 'bmp';
  if (startsWith(b, [0x49, 0x49, 0x2a, 0x00]) || startsWith(b, [0x4d, 0x4d, 0x00, 0x2a])) return 'tiff';
  if (ascii(b, 0, 4) === 'RIFF') {
    const form = ascii(b, 8, 12);
    if (form === 'WEBP') return 'webp';
    if (form === 'WAVE') return 'wav';
    if (form === 'AVI ') return 'avi';
    return null;
  }
  if (ascii(b, 0, 5) === '%PDF-') return 'pdf';
  // Local file header, or the end record of an empty archive.
  if (startsWith(b, [0x50, 0x4b, 0x03, 0x04]) || startsWith(b, [0x50, 0x4b, 0x05, 0x06])) return 'zip';
  if (startsWith(b, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return 'ole';
  if (ascii(b, 0, 7) === 'Rar!\x1a\x07\x00' || ascii(b, 0, 8) === 'Rar!\x1a\x07\x01\x00') return 'rar';
  if (startsWith(b, [0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c])) return '7z';
  if (ascii(b, 4, 8) === 'ftyp') return 'mp4';
  if (startsWith(b, [0x1a, 0x45, 0xdf, 0xa3])) return 'ebml';
  if (ascii(b, 0, 4) === 'OggS') return 'ogg';
  if (ascii(b, 0, 4) === 'fLaC') return 'flac';
  if (ascii(b, 0, 3) === 'ID3') return 'mp3';
  // An MPEG audio frame sync: 11 set bits, layer III, with a valid bitrate index.
  if (b.length >= 3 && b[0] === 0xff && (b[1]! & 0xe6) === 0xe2 && (b[2]! & 0xf0) !== 0xf0) return 'mp3';
  return null;
}

/**
 * Text is anything without NUL bytes and with few control characters in its head. Encodings are
 * not checked: Chinese CSV and TXT files are often GBK, not UTF-8. A UTF-16 BOM counts as text.
 */
function looksLikeText(b: Buffer): boolean {
  if (startsWith(b, [0xff, 0xfe]) || startsWith(b, [0xfe, 0xff])) return true;
  let control = 0;
  for (const byte of b) {
    if (byte === 0) return false;
    if (byte < 0x09 || (byte > 0x0d && byte < 0x20 && byte !== 0x1b)) control++;
  }
  return control <= b.length / 100;
}

/* The WHATWG MIME sniffing patterns a browser treats as HTML when they open a document. */
const HTML_OPENERS = [
  '<!doctype html',
  '<html',
  '<head',
  '<script',
  '<iframe',
  '<h1',
  '<div',
  '<font',
  '<table',
  '<a',
  '<style',
  '<title',
  '<b',
  '<body',
  '<br',
  '<p',
  '<!--',
];

function classifyText(b: Buffer): FileKind {
  const text = b
    .toString('latin1')
    .replace(/^\uFEFF|^\xEF\xBB\xBF/, '')
    .trimStart()
    .toLowerCase();
  if (!text.startsWith('<')) return 'text';
  if (/<svg[\s>/]/.test(text)) return 'svg';
  for (const opener of HTML_OPENERS) {
    if (text.startsWith(opener)) {
      const next = text.charAt(opener.length);
      if (opener === '<!--' || next === '' || next === ' ' || next === '>' || /\s/.test(next)) return 'html';
    }
  }
  if (/<html[\s>]|<script[\s>]/.test(text)) return 'html';
  if (text.startsWith('<?xml')) return 'xml';
  return 'text';
}

/** The kind of a file from its first bytes (up to SNIFF_BYTES), or null for an unknown binary. */
export function sniff(head: Buffer): FileKind | null {
  if (head.length === 0) return 'text';
  return sniffBinary(head) ?? (looksLikeText(head) ? classifyText(head) : null);
}
