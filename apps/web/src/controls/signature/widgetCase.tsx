import { expect } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { dialog, clickButton, type WidgetCase } from '../../../test/widgetKit.tsx';

/** signature: the widget's display text, value in and value out (collected by test/widgetCases.tsx). */
export const widgetCase: WidgetCase = {
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
