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

/** One entry of a zip's central directory, with what a reader needs to check it before inflating. */
export interface ZipEntry {
  name: string;
  /** 0 stored, 8 deflate. */
  method: number;
  /** General-purpose flags; bit 3 means sizes follow the data in a descriptor. */
  flags: number;
  compressedSize: number;
  uncompressedSize: number;
  localHeaderOffset: number;
}

export interface ZipDirectory {
  entries: ZipEntry[];
  /** Where the central directory starts: every entry's data must end before it. */
  directoryOffset: number;
  /** The sum of the declared uncompressed sizes. */
  totalUncompressed: number;
}

/* Entry count beyond which the directory is not even read (a normal xlsx has a few dozen). */
const ENTRY_COUNT_MAX = 65_535;

/**
 * The whole central directory, for callers that must bound a zip before opening it (issue 8: the
 * import checks entry count and total uncompressed size before parsing). Null when the file is
 * not a readable zip, or is ZIP64 (an xlsx we accept never needs it).
 */
export async function zipDirectory(filePath: string, size: number): Promise<ZipDirectory | null> {
  const fh = await fs.open(filePath, 'r');
  try {
    const tailLen = Math.min(size, TAIL_MAX);
    if (tailLen < EOCD_MIN) return null;
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
    const count = tail.readUInt16LE(eocd + 10);
    const dirSize = tail.readUInt32LE(eocd + 12);
    const dirOffset = tail.readUInt32LE(eocd + 16);
    if (count === 0xffff || dirSize === 0xffffffff || dirOffset === 0xffffffff) return null; // ZIP64
    if (count > ENTRY_COUNT_MAX || dirSize > DIRECTORY_MAX || dirOffset + dirSize > size) return null;
    const dir = Buffer.alloc(dirSize);
    await fh.read(dir, 0, dirSize, dirOffset);
    const entries: ZipEntry[] = [];
    let totalUncompressed = 0;
    let p = 0;
    for (; p + 46 <= dir.length && dir.readUInt32LE(p) === CDH_SIG; ) {
      const nameLen = dir.readUInt16LE(p + 28);
      const extraLen = dir.readUInt16LE(p + 30);
      const commentLen = dir.readUInt16LE(p + 32);
      const entry: ZipEntry = {
        name: dir.subarray(p + 46, p + 46 + nameLen).toString('utf8'),
        flags: dir.readUInt16LE(p + 8),
        method: dir.readUInt16LE(p + 10),
        compressedSize: dir.readUInt32LE(p + 20),
        uncompressedSize: dir.readUInt32LE(p + 24),
        localHeaderOffset: dir.readUInt32LE(p + 42),
      };
      if (entry.compressedSize === 0xffffffff || entry.uncompressedSize === 0xffffffff || entry.localHeaderOffset === 0xffffffff) {
        return null; // ZIP64 entry
      }
      entries.push(entry);
      totalUncompressed += entry.uncompressedSize;
      p += 46 + nameLen + extraLen + commentLen;
    }
    // A directory that does not hold the count its end record announces is not trusted.
    if (entries.length !== count) return null;
    return { entries, directoryOffset: dirOffset, totalUncompressed };
  } finally {
    await fh.close();
  }
}
