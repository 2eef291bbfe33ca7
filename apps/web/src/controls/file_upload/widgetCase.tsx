import { expect } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { visibleText, type WidgetCase } from '../../../test/widgetKit.tsx';

/** file_upload: the widget's display text, value in and value out (collected by test/widgetCases.tsx). */
export const widgetCase: WidgetCase = {
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
