import { describe, expect, it } from 'vitest';
import { defaultQrCodeConf, qrAddValues, qrCodeConfProblem, qrPresetValues, QR_TEXT, type QrEntry } from './conf.ts';

const keys = new Set(['checkpoint', 'result']);
const entry = (parent: QrEntry['content']['parent']): QrEntry => ({ name: '巡检', isShow: true, content: { parent, childs: [] } });

describe('qrCode rules (shared by 二维码设置 and the server)', () => {
  it('accepts the default and refuses another form’s configuration', () => {
    expect(qrCodeConfProblem(defaultQrCodeConf(3), 3, keys)).toBeNull();
    expect(qrCodeConfProblem(defaultQrCodeConf(4), 3, keys)).toBe(QR_TEXT.formMismatch);
  });

  it('takes ${param} presets from the code and forces read-only ones', () => {
    const e = entry([{ name: '巡检点', key: 'checkpoint', preset: true, readOnly: true, value: '${point}' }, { name: '结果', key: 'result', preset: true, value: '正常' }]);
    expect(qrPresetValues(e, { point: 'A-01' })).toEqual({ checkpoint: 'A-01', result: '正常' });
    expect(qrAddValues(e, { point: 'A-01' }, { checkpoint: '伪造', result: '异常' })).toEqual({ checkpoint: 'A-01', result: '异常' });
    expect(qrAddValues(e, {}, {})).toEqual({ checkpoint: '', result: '正常' });
  });
});
