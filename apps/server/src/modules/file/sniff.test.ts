import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import * as sample from '../../../test/sampleFiles.ts';
import { contentDisposition, extensionOf, sanitizeName } from './names.ts';
import { parseRange } from './serve.ts';
import { sniff } from './sniff.ts';
import { officeKindOf, zipEntryNames } from './zipPeek.ts';

describe('sniff', () => {
  it('recognises binary formats by their magic bytes', () => {
    expect(sniff(sample.jpeg())).toBe('jpeg');
    expect(sniff(sample.png())).toBe('png');
    expect(sniff(sample.pdf())).toBe('pdf');
    expect(sniff(sample.docx())).toBe('zip');
    expect(sniff(Buffer.from('GIF89a\x01\x00', 'latin1'))).toBe('gif');
    expect(sniff(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0]))).toBe('ole');
    expect(sniff(Buffer.from('RIFF\0\0\0\0WEBPVP8 ', 'latin1'))).toBe('webp');
    expect(sniff(Buffer.from('\0\0\0\x18ftypmp42', 'latin1'))).toBe('mp4');
    expect(sniff(Buffer.from('ID3\x04\0', 'latin1'))).toBe('mp3');
    expect(sniff(Buffer.from([0x4d, 0x5a, 0x90, 0, 3, 0, 0, 0, 0, 0]))).toBeNull();
  });

  it('tells markup from plain text, whatever leads it', () => {
    expect(sniff(sample.html())).toBe('html');
    expect(sniff(Buffer.from('\uFEFF  \n<HTML><body>x'))).toBe('html');
    expect(sniff(Buffer.from('<p>hello</p>'))).toBe('html');
    expect(sniff(sample.svg())).toBe('svg');
    expect(sniff(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBe('svg');
    expect(sniff(Buffer.from('<?xml version="1.0"?><root/>'))).toBe('xml');
    expect(sniff(Buffer.from('名称,数量\n甲醇,3\n'))).toBe('text');
    expect(sniff(Buffer.from([0xc3, 0xfb, 0xb3, 0xc6, 0x2c, 0x31, 0x0a]))).toBe('text'); // GBK
    expect(sniff(Buffer.from('<para>not html</para>'))).toBe('text');
  });
});

describe('zip peek', () => {
  it('tells docx, xlsx and plain zips apart by their parts', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'zip-peek-'));
    try {
      const kinds: Record<string, string> = {};
      const files = {
        docx: sample.docx(),
        xlsx: sample.xlsx(),
        zip: sample.zip({ 'a.txt': 'a', 'word/x': 'no content types' }),
      };
      for (const [name, data] of Object.entries(files)) {
        const file = path.join(dir, name);
        await fs.writeFile(file, data);
        kinds[name] = officeKindOf(await zipEntryNames(file, data.length));
      }
      expect(kinds).toEqual({ docx: 'docx', xlsx: 'xlsx', zip: 'zip' });
      const broken = path.join(dir, 'broken');
      await fs.writeFile(broken, 'PK\x03\x04 truncated');
      expect(await zipEntryNames(broken, 16)).toBeNull();
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  });
});

describe('names', () => {
  it('keeps only the last path segment, without control characters', () => {
    expect(sanitizeName('../../etc/passwd')).toBe('passwd');
    expect(sanitizeName('C:\\Users\\张三\\报告.pdf')).toBe('报告.pdf');
    expect(sanitizeName('a\u0000b\u202Ec.txt')).toBe('abc.txt');
    expect(sanitizeName('..')).toBe('file');
    expect(sanitizeName('')).toBe('file');
    expect(sanitizeName(`${'长'.repeat(300)}.xlsx`)).toMatch(/^长{195}\.xlsx$/);
  });

  it('finds extensions, ignoring dot-files', () => {
    expect(extensionOf('a.B.PNG')).toBe('png');
    expect(extensionOf('.bashrc')).toBe('');
    expect(extensionOf('noext')).toBe('');
  });

  it('writes RFC 6266 headers with an ASCII fallback and RFC 5987 encoding', () => {
    expect(contentDisposition('attachment', "报告 (终稿)'s.pdf")).toBe(
      `attachment; filename="_ (_)'s.pdf"; filename*=UTF-8''%E6%8A%A5%E5%91%8A%20%28%E7%BB%88%E7%A8%BF%29%27s.pdf`,
    );
    expect(contentDisposition('inline', 'a"b\\c.txt')).toBe(
      `inline; filename="a_b_c.txt"; filename*=UTF-8''a%22b%5Cc.txt`,
    );
  });
});

describe('range', () => {
  it('parses single ranges and refuses unsatisfiable ones', () => {
    expect(parseRange(undefined, 100)).toBeNull();
    expect(parseRange('bytes=0-9', 100)).toEqual({ start: 0, end: 9 });
    expect(parseRange('bytes=90-', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange('bytes=-10', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange('bytes=50-500', 100)).toEqual({ start: 50, end: 99 });
    expect(parseRange('bytes=100-', 100)).toBe('bad');
    expect(parseRange('bytes=0-1,5-6', 100)).toBeNull();
  });
});
