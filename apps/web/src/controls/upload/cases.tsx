import type { ControlType } from '@park/core';
import { expect } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { clickButton, dialog, type WidgetCase, visibleText } from '../../../test/widgetKit.tsx';

/** signature: display text, value in, value out. */
const signatureCase: WidgetCase = {
  stored: { f: '12' },
  display: (root) => {
    expect(within(root).getByRole('img', { name: '签名' }).getAttribute('src')).toBe('/api/file/image/12');
  },
  shown: () => {
    expect(screen.getByRole('img', { name: '签名' }).getAttribute('src')).toBe('/api/file/image/12');
    expect(screen.getByRole('button', { name: /重新签名/ })).toBeTruthy();
  },
  http: {
    'POST /api/file/upload': { datas: [{ fileId: '13', originalName: 'signature.png', suffix: 'png' }] },
  },
  out: {
    act: async (view, http) => {
      await view.user.click(screen.getByRole('button', { name: /重新签名/ }));
      const pad = await screen.findByTestId('signature-pad');
      // The pad attaches after the dialog's first frame.
      await new Promise((resolve) => setTimeout(resolve, 50));
      await view.user.pointer([
        { keys: '[MouseLeft>]', target: pad, coords: { clientX: 10, clientY: 10 } },
        { target: pad, coords: { clientX: 60, clientY: 40 } },
        { keys: '[/MouseLeft]', target: pad },
      ]);
      await clickButton(dialog('字段'), view, '确定');
      await waitFor(() => expect(http.to('POST /api/file/upload')).toHaveLength(1));
      // The png goes as the upload's `image` field (spec 000 §7).
      const body = http.to('POST /api/file/upload')[0]!.body as FormData;
      expect(body.get('image')).toBeInstanceOf(Blob);
      await waitFor(() => expect(view.onChange).toHaveBeenCalled());
    },
    stored: { f: '13' },
  },
};

/** file_upload: display text, value in, value out. */
const fileUploadCase: WidgetCase = {
  stored: { f: '1,2' },
  http: {
    'GET /api/file/info/1': { fileId: '1', originalName: '行驶证.pdf', suffix: 'pdf', size: 2048 },
    'GET /api/file/info/2': { fileId: '2', originalName: '运输许可.docx', suffix: 'docx', size: 1536 },
    'POST /api/file/upload': { datas: [{ fileId: '3', originalName: '押运证.pdf', suffix: 'pdf' }] },
  },
  display: async (root) => {
    await within(root).findByText('运输许可.docx');
    expect(visibleText(root)).toBe('行驶证.pdf 2.0 KB 下载 预览 运输许可.docx 1.5 KB 下载 预览');
  },
  shown: async () => {
    const list = await screen.findByRole('listbox', { name: '文件列表' });
    await within(list).findByText('运输许可.docx');
    expect(within(list).getAllByRole('option').map(visibleText)).toEqual([
      '行驶证.pdf 2.0 KB',
      '运输许可.docx 1.5 KB',
    ]);
  },
  out: {
    act: async (view) => {
      const input = view.container.querySelector<HTMLInputElement>('input[type=file]')!;
      await view.user.upload(input, new File(['%PDF-1.4'], '押运证.pdf', { type: 'application/pdf' }));
      await waitFor(() => expect(view.onChange).toHaveBeenCalled());
      await screen.findByText('押运证.pdf');
    },
    stored: { f: '1,2,3' },
  },
};

/** image_upload: display text, value in, value out. */
const imageUploadCase: WidgetCase = {
  control: { options: { length: 3, maxFileSize: 5 } },
  stored: { f: '3,4' },
  http: { 'POST /api/file/upload': { datas: [{ fileId: '5', originalName: '车头.png', suffix: 'png' }] } },
  display: (root) => {
    expect([...root.querySelectorAll('img')].map((img) => img.getAttribute('src'))).toEqual([
      '/api/file/image/3',
      '/api/file/image/4',
    ]);
  },
  shown: () => {
    expect(screen.getAllByRole('img', { name: /^图片/ }).map((img) => img.getAttribute('src'))).toEqual([
      '/api/file/image/3',
      '/api/file/image/4',
    ]);
    expect(screen.getByText('只能上传jpg/png文件，最多3张，单张不超过5M')).toBeTruthy();
  },
  out: {
    act: async (view, http) => {
      const input = view.container.querySelector<HTMLInputElement>('input[type=file]')!;
      await view.user.upload(input, new File([new Uint8Array([137, 80])], '车头.png', { type: 'image/png' }));
      await waitFor(() => expect(view.onChange).toHaveBeenCalled());
      expect(http.to('POST /api/file/upload')[0]!.query.get('accept')).toBe('image');
    },
    stored: { f: '3,4,5' },
  },
};

/** The upload family's widget cases (display text, value in, value out), collected by test/widgetCases.tsx. */
export const UPLOAD_CASES = {
  signature: signatureCase,
  file_upload: fileUploadCase,
  image_upload: imageUploadCase,
} satisfies Partial<Record<ControlType, WidgetCase>>;
