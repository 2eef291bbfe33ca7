import { useState } from 'react';
import { App, Upload, type UploadProps } from 'antd';
import { fileTooLarge, IMAGE_TYPE_ONLY, uploadExceed, type FormControl } from '@park/core';
import { fileLimitOf, maxFileSizeOf, uploadFile } from '../common/files.ts';
import { optionsOf, textOf } from '../common/values.ts';

/*
 * What the file and the image upload widgets do alike when files are chosen: the spec's checks
 * before sending, one progress row per file, the upload itself and the success notice. Each
 * widget keeps how it lists what it holds.
 */

const IMAGE_TYPES = new Set(['image/jpeg', 'image/png']);
const IMAGE_SUFFIX = /\.(jpe?g|png)$/i;

let uploadSeq = 0;
export const nextUploadId = () => `upload-${++uploadSeq}`;

export interface PendingUpload {
  uid: string;
  name: string;
  percent: number;
}

export function isImageFile(file: { type: string; name: string }): boolean {
  return IMAGE_TYPES.has(file.type) || (file.type === '' && IMAGE_SUFFIX.test(file.name));
}

/** The checks the spec's upload widget makes before sending (spec 001 §5.6). */
export function checkBeforeUpload(
  control: FormControl,
  file: { type: string; name: string; size: number },
  batch: number,
  already: number,
  images: boolean,
): { level: 'error' | 'warning'; text: string } | null {
  const limit = fileLimitOf(control);
  if (limit !== undefined && already + batch > limit)
    return { level: 'warning', text: uploadExceed(limit, batch, already) };
  if (images && !isImageFile(file)) return { level: 'error', text: IMAGE_TYPE_ONLY };
  const max = maxFileSizeOf(control);
  if (max !== undefined && file.size / 1024 / 1024 >= max)
    return { level: 'error', text: fileTooLarge(textOf(optionsOf(control).maxFileSize) || max) };
  return null;
}

/**
 * antd Upload's beforeUpload and customRequest for a field, and the uploads still running.
 * `held()` is the number of files the field holds now; `uploaded` takes each finished file (its
 * progress row goes in the same update, so a name is never shown twice).
 */
export function useFieldUploads(
  control: FormControl,
  images: boolean,
  held: () => number,
  uploaded: (up: Awaited<ReturnType<typeof uploadFile>>, file: File) => void,
): { pending: PendingUpload[]; beforeUpload: UploadProps['beforeUpload']; customRequest: UploadProps['customRequest'] } {
  const { message, notification } = App.useApp();
  const [pending, setPending] = useState<PendingUpload[]>([]);
  return {
    pending,
    beforeUpload: (file, batch) => {
      const problem = checkBeforeUpload(control, file, batch.length, held() + pending.length, images);
      if (problem) {
        // One warning per choice, not one per file of it.
        if (problem.level === 'error' || file === batch[0]) void message[problem.level](problem.text);
        return Upload.LIST_IGNORE;
      }
      return true;
    },
    customRequest: ({ file }) => {
      const blob = file as File;
      const uid = nextUploadId();
      setPending((list) => [...list, { uid, name: blob.name, percent: 0 }]);
      const progress = (percent: number) => setPending((list) => list.map((p) => (p.uid === uid ? { ...p, percent } : p)));
      const settle = () => setPending((list) => list.filter((p) => p.uid !== uid));
      uploadFile(blob, blob.name, { control, ...(images ? { image: true } : {}), onProgress: progress })
        .then((up) => {
          settle();
          uploaded(up, blob);
          notification.success({ title: '成功', description: '上传成功', key: 'upload-ok', duration: 2 });
        })
        .catch(settle);
    },
  };
}
