import fs from 'node:fs/promises';
import type { FileKind } from './sniff.ts';

const EOCD_SIG = 0x06054b50;
const CDH_SIG = 0x02014b50;
const EOCD_MIN = 22;
/* The end record sits in the last 22 bytes plus an archive comment of at most 64 KiB. */
const TAIL_MAX = EOCD_MIN + 0xffff;
/* Office documents have a few dozen entries; reading more than this is not worth it to tell a kind. */
const DIRECTORY_MAX = 4 * 1024 * 1024;

/** Entry names from a zip's central directory, or null when it cannot be read (or is ZIP64). */
export async function zipEntryNames(filePath: string, size: number): Promise<string[] | null> {
  const fh = await fs.open(filePath, 'r');
  try {
    const tailLen = Math.min(size, TAIL_MAX);
    const tail = Buffer.alloc(tailLen);
    await fh.read(tail, 0, tailLen, size - tailLen);
    let eocd = -1;
    for (let i = tailLen - EOCD_MIN; i >= 0; i--) {
      if (tail.readUInt32LE(i) === EOCD_SIG) {
        eocd = i;
        break;
      }
    }
    if (eocd < 0) return null;
    const dirSize = tail.readUInt32LE(eocd + 12);
    const dirOffset = tail.readUInt32LE(eocd + 16);
    if (dirSize > DIRECTORY_MAX || dirOffset + dirSize > size) return null;
    const dir = Buffer.alloc(dirSize);
    await fh.read(dir, 0, dirSize, dirOffset);
    const names: string[] = [];
    for (let p = 0; p + 46 <= dir.length && dir.readUInt32LE(p) === CDH_SIG;) {
      const nameLen = dir.readUInt16LE(p + 28);
      const extraLen = dir.readUInt16LE(p + 30);
      const commentLen = dir.readUInt16LE(p + 32);
      names.push(dir.subarray(p + 46, p + 46 + nameLen).toString('utf8'));
      p += 46 + nameLen + extraLen + commentLen;
    }
    return names;
  } finally {
    await fh.close();
  }
}

/** Tells the Office Open XML documents from other zips by their part names. */
export function officeKindOf(names: string[] | null): FileKind {
  if (!names || !names.includes('[Content_Types].xml')) return 'zip';
  if (names.some((n) => n.startsWith('word/'))) return 'docx';
  if (names.some((n) => n.startsWith('xl/'))) return 'xlsx';
  if (names.some((n) => n.startsWith('ppt/'))) return 'pptx';
  return 'zip';
}
