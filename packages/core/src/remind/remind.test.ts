import { describe, expect, it } from 'vitest';
import { checkFormSet, condRemindConditions, condRemindPeriod, fillTemplate, formRemindPeriod, parkClock, REMIND_TEXT, type CondRemind, type FormRemind } from '../index.ts';
import { parseConditions } from '../query/conditions.ts';

const on = { mailConfigured: false };
const cond = (over: Partial<CondRemind['remind']> = {}, defaultRecipient = [{ id: 1, name: '管理员' }]): CondRemind => ({
  recipient: { type: 0, role: [] },
  defaultRecipient,
  remind: { remindWay: ['1'], condType: '1', condRelative: 'and', title: '证书到期', content: '${cert_name} 将于 ${expire} 到期', cond: [{ key: 'expire', condType: '3', conds: [], dateCond: { type: 'dayAfter', count: 30 } }], ...over },
});
const daily = (over: Partial<FormRemind['remind']> = {}): FormRemind => ({
  recipient: { type: 1, person: [{ id: 2 }] },
  defaultRecipient: [],
  remind: { remindType: 'day', remindDay: [], remindTime: '09:00', remindWay: ['1'], ...over },
});

describe('提醒设置 checks', () => {
  it('asks for the default recipients of a 数据提醒, as the original', () => {
    expect(checkFormSet({ formRemind: [], condRemind: [cond({}, [])] }, on)).toBe(REMIND_TEXT.defaultRecipient);
    expect(checkFormSet({ formRemind: [daily()], condRemind: [cond()] }, on)).toBeNull();
  });
  it('refuses e-mail without a mail transport, bad times and week days', () => {
    expect(checkFormSet({ formRemind: [daily({ remindWay: ['3'] })] }, on)).toBe(REMIND_TEXT.mailOff);
    expect(checkFormSet({ formRemind: [daily({ remindWay: ['3'] })] }, { mailConfigured: true })).toBeNull();
    expect(checkFormSet({ formRemind: [daily({ remindTime: '25:00' })] }, on)).toBe(REMIND_TEXT.remindTime);
    expect(checkFormSet({ formRemind: [daily({ remindType: 'week', remindDay: [] })] }, on)).toBe(REMIND_TEXT.remindDay);
    expect(checkFormSet({ formRemind: [daily({ remindType: 'mouth', remindDay: [32] })] }, on)).toBe(REMIND_TEXT.remindDay);
    expect(checkFormSet('x', on)).toBe(REMIND_TEXT.shape);
  });
});

describe('数据提醒 conditions and schedules', () => {
  it('turns 日期条件 30 天后 into the compiler’s $dayAfter', () => {
    const parsed = parseConditions(condRemindConditions(cond()), new Map([['expire', { kind: 'date' as const }]]));
    expect(parsed).toEqual({ kind: 'leaf', key: 'expire', fieldKind: 'date', op: '$dayAfter', values: [30] });
  });
  it('fills ${field}', () => {
    expect(fillTemplate('${cert_name} 将于 ${expire} 到期${nope}', { cert_name: '危化品经营许可证', expire: '2026-12-30' })).toBe('危化品经营许可证 将于 2026-12-30 到期');
  });
  it('uses the park clock (Asia/Shanghai) and one period key per day, week day or N days', () => {
    const c = parkClock(new Date('2026-12-06T01:30:00Z')); // Sunday 09:30 in Shanghai
    expect(c).toMatchObject({ day: '2026-12-06', time: '09:30', weekDay: '1', dayOfMonth: 6 });
    expect(formRemindPeriod(daily(), c)).toBe('2026-12-06');
    expect(formRemindPeriod(daily({ remindTime: '10:00' }), c)).toBeNull();
    expect(formRemindPeriod(daily({ remindType: 'week', remindDay: ['2'] }), c)).toBeNull();
    expect(formRemindPeriod(daily({ remindType: 'week', remindDay: ['1'] }), c)).toBe('2026-12-06');
    const periodic = cond({ condType: '2', period: { type: 'day', count: 7 } });
    expect(condRemindPeriod(periodic, c)).toBe(condRemindPeriod(periodic, parkClock(new Date('2026-12-07T02:00:00Z'))));
    expect(condRemindPeriod(cond(), parkClock(new Date('2026-12-06T00:30:00Z')))).toBeNull();
  });
});
