import { expect } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { type WidgetCase } from '../../../test/widgetKit.tsx';

/** image_upload: the widget's display text, value in and value out (collected by test/widgetCases.tsx). */
export const widgetCase: WidgetCase = {
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
      await view.user.upload(
        input,
        new File([new Uint8Array([137, 80])], '车头.png', { type: 'image/png' }),
      );
      await waitFor(() => expect(view.onChange).toHaveBeenCalled());
      expect(http.to('POST /api/file/upload')[0]!.query.get('accept')).toBe('image');
    },
    stored: { f: '3,4,5' },
  },
};
