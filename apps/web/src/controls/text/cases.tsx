import type { ControlType } from '@park/core';
import { expect } from 'vitest';
import { editorInput, retype, type WidgetCase } from '../../../test/widgetKit.tsx';

/** input: display text, value in, value out. */
const inputCase: WidgetCase = {
  stored: { f: '皖A12345' },
  display: '皖A12345',
  shown: (view) => expect(editorInput(view).value).toBe('皖A12345'),
  out: { act: (view) => retype(view, '皖B54321'), stored: { f: '皖B54321' } },
};

/** textarea: display text, value in, value out. */
const textareaCase: WidgetCase = {
  stored: { f: '第一行\n第二行' },
  display: '第一行 第二行',
  shown: (view) => {
    expect(editorInput(view).value).toBe('第一行\n第二行');
    // Five rows unless the design says otherwise (spec 000 §9).
    expect(editorInput(view).getAttribute('rows')).toBe('5');
  },
  out: { act: (view) => retype(view, '夜间入园{Enter}需报备'), stored: { f: '夜间入园\n需报备' } },
};

/** input_mobile: display text, value in, value out. */
const inputMobileCase: WidgetCase = {
  stored: { f: '13800138000' },
  display: '13800138000',
  shown: (view) => expect(editorInput(view).value).toBe('13800138000'),
  out: { act: (view) => retype(view, '13912345678'), stored: { f: '13912345678' } },
};

/** input_tel: display text, value in, value out. */
const inputTelCase: WidgetCase = {
  stored: { f: '0551-12345678' },
  display: '0551-12345678',
  shown: (view) => expect(editorInput(view).value).toBe('0551-12345678'),
  out: { act: (view) => retype(view, '0551-87654321'), stored: { f: '0551-87654321' } },
};

/** input_mail: display text, value in, value out. */
const inputMailCase: WidgetCase = {
  stored: { f: 'a@park.cn' },
  display: 'a@park.cn',
  shown: (view) => expect(editorInput(view).value).toBe('a@park.cn'),
  out: { act: (view) => retype(view, 'safety@park.cn'), stored: { f: 'safety@park.cn' } },
};

/** input_postal: display text, value in, value out. */
const inputPostalCase: WidgetCase = {
  stored: { f: '230000' },
  display: '230000',
  shown: (view) => expect(editorInput(view).value).toBe('230000'),
  out: { act: (view) => retype(view, '231200'), stored: { f: '231200' } },
};

/** input_website: display text, value in, value out. */
const inputWebsiteCase: WidgetCase = {
  stored: { f: 'https://park.cn' },
  display: 'https://park.cn',
  shown: (view) => expect(editorInput(view).value).toBe('https://park.cn'),
  out: { act: (view) => retype(view, 'https://chem.park.cn'), stored: { f: 'https://chem.park.cn' } },
};

/** The text family's widget cases (display text, value in, value out), collected by test/widgetCases.tsx. */
export const TEXT_CASES = {
  input: inputCase,
  textarea: textareaCase,
  input_mobile: inputMobileCase,
  input_tel: inputTelCase,
  input_mail: inputMailCase,
  input_postal: inputPostalCase,
  input_website: inputWebsiteCase,
} satisfies Partial<Record<ControlType, WidgetCase>>;
