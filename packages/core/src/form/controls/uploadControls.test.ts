import { describe, expect, it } from 'vitest';
import { uploadExceed } from '../messages.ts';
import { CONTROL_DEFINITIONS as D } from '../registry.ts';
import type { ControlType } from '../registry.ts';
import type { FileMeta, FormControl } from '../types.ts';
import { fileIdOf } from './uploadControls.ts';

const ctl = (type: ControlType, options: Record<string, unknown> = {}): FormControl => ({ type, model: 'u', name: '附件', options });
const files: Record<string, FileMeta> = {
  small: { size: 1024 * 1024, suffix: 'pdf' },
  big: { size: 5 * 1024 * 1024, suffix: 'png', contentType: 'image/png' },
  photo: { size: 4.99 * 1024 * 1024, suffix: 'JPG' },
  gif: { size: 10, suffix: 'gif' },
  sneaky: { size: 10, suffix: 'png', contentType: 'text/html' },
};
const ctx = { fileInfo: (id: string) => files[id] };

describe('upload controls', () => {
  it('keep ids when editors hold our file addresses', () => {
    expect(fileIdOf('/closed-park-web/api/file/image/abc123')).toBe('abc123');
    expect(fileIdOf('http://host/api/file/download/abc?x=1')).toBe('abc');
    expect(fileIdOf('http://host/rest/imageDownload/xyz')).toBe('xyz');
    expect(fileIdOf('https://cdn.example.com/a.png')).toBe('https://cdn.example.com/a.png');
    expect(D.image_upload.codec.toStored(['/api/file/image/a1', 'b2'], ctl('image_upload'))).toEqual({ u: 'a1,b2' });
  });

  it('refuse files at or over maxFileSize megabytes', () => {
    const image = ctl('image_upload', { maxFileSize: 5, length: 3 });
    expect(D.image_upload.validate(['photo'], image, ctx)).toBeNull();
    expect(D.image_upload.validate(['big'], image, ctx)).toBe('上传文件大小不能超过 5M');
    expect(D.file_upload.validate(['small'], ctl('file_upload', { maxFileSize: '1' }), ctx)).toBe('上传文件大小不能超过 1M');
  });

  it('take only jpg and png on image fields, by suffix and by content type', () => {
    const image = ctl('image_upload', { maxFileSize: 5 });
    expect(D.image_upload.validate(['gif'], image, ctx)).toBe('只能上传jpg/png文件');
    expect(D.image_upload.validate(['sneaky'], image, ctx)).toBe('只能上传jpg/png文件');
    expect(D.signature.validate('gif', ctl('signature'), ctx)).toBe('只能上传jpg/png文件');
    expect(D.file_upload.validate(['gif'], ctl('file_upload'), ctx)).toBeNull();
  });

  it('refuse ids the server does not know', () => {
    expect(D.file_upload.validate(['missing'], ctl('file_upload'), ctx)).toBe('附件中的文件不存在');
    expect(D.file_upload.validate(['missing'], ctl('file_upload'), {})).toBeNull();
  });

  it('allow the preset images of the design', () => {
    const preset = ctl('image_upload', { presetImgs: 'https://cdn.example.com/p1.png,p2' });
    expect(D.image_upload.validate(['p2'], preset, ctx)).toBeNull();
  });

  it('count files against options.length', () => {
    const three = ctl('file_upload', { length: 3 });
    expect(D.file_upload.validate(['small', 'small', 'small'], three, ctx)).toBeNull();
    expect(D.file_upload.validate(['small', 'small', 'small', 'small'], three, ctx)).toBe('附件最多上传3个文件');
    expect(D.file_upload.validate(['a', 'b', 'c', 'd'], ctl('file_upload'))).toBeNull();
    expect(uploadExceed(3, 2, 2)).toBe('当前限制选择 3个文件，本次选择了 2 个文件，共选择了 4 个文件');
  });
});
