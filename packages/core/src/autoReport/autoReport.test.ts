import { describe, expect, it } from 'vitest';
import { autoReportPeriod, checkAutoReport, describeFrequency, parseCron } from './index.ts';

const ok = { name: '日报', reportId: '5', target: 'excel', widgetId: 't1', frequency: { every: 'day', time: '08:00' }, recipients: { users: ['1'], roles: [], orgs: [] } };
const at = (iso: string) => new Date(iso);

describe('checkAutoReport', () => {
  it('names the first problem in Chinese', () => {
    expect(checkAutoReport({ ...ok, reportId: '' })).toEqual({ error: '请选择报表' });
    expect(checkAutoReport({ ...ok, recipients: { users: [], roles: [], orgs: [] } })).toEqual({ error: '请选择接收人' });
    expect(checkAutoReport({ ...ok, frequency: { every: 'cron', cron: '61 * * * *' } })).toEqual({ error: 'cron 不合法' });
    expect(checkAutoReport({ ...ok, frequency: { every: 'cron', cron: '* * *' } })).toEqual({ error: 'cron 不合法' });
    expect(checkAutoReport({ ...ok, widgetId: null })).toEqual({ error: '请选择要发送的表格' });
    expect(checkAutoReport({ ...ok, name: ' ' })).toEqual({ error: '请填写名称' });
    expect(checkAutoReport({ ...ok, frequency: { every: 'week', time: '08:00', weekDay: 8 } })).toEqual({ error: '请选择星期几' });
  });
  it('normalises a valid one; a PNG needs no widget', () => {
    const r = checkAutoReport({ ...ok, target: 'png', frequency: { every: 'cron', cron: ' 0  8 * * 1-5 ' } });
    expect(r).toMatchObject({ value: { widgetId: null, frequency: { every: 'cron', cron: '0 8 * * 1-5' }, enabled: true } });
  });
});

describe('schedule in Asia/Shanghai', () => {
  it('每天 is due from its time on, once per park day', () => {
    expect(autoReportPeriod({ every: 'day', time: '08:00' }, at('2026-12-03T23:59:00Z'))).toBeNull(); // 07:59 on the 4th
    expect(autoReportPeriod({ every: 'day', time: '08:00' }, at('2026-12-04T00:00:00Z'))).toBe('d:2026-12-04');
    expect(autoReportPeriod({ every: 'day', time: '08:00' }, at('2026-12-04T10:00:00Z'))).toBe('d:2026-12-04');
  });
  it('每周 on its weekday (周一 = 1), 每月 on its day', () => {
    // 2026-12-07 is a Monday in Shanghai.
    expect(autoReportPeriod({ every: 'week', time: '09:00', weekDay: 1 }, at('2026-12-07T01:00:00Z'))).toBe('w:2026-12-07');
    expect(autoReportPeriod({ every: 'week', time: '09:00', weekDay: 2 }, at('2026-12-07T01:00:00Z'))).toBeNull();
    expect(autoReportPeriod({ every: 'month', time: '09:00', monthDay: 7 }, at('2026-12-07T01:00:00Z'))).toMatch(/^m:/);
  });
  it('cron fires at its park minutes only', () => {
    expect(parseCron('*/15 8-9 * * 1-5')).not.toBeNull();
    expect(autoReportPeriod({ every: 'cron', cron: '30 8 * * 1-5' }, at('2026-12-07T00:30:00Z'))).toBe('c:2026-12-07T08:30');
    expect(autoReportPeriod({ every: 'cron', cron: '30 8 * * 1-5' }, at('2026-12-06T00:30:00Z'))).toBeNull(); // Sunday
    expect(autoReportPeriod({ every: 'cron', cron: '30 8 * * 0' }, at('2026-12-06T00:30:00Z'))).not.toBeNull();
  });
  it('describes frequencies as the list shows them', () => {
    expect(describeFrequency({ every: 'week', time: '08:00', weekDay: 7 })).toBe('每周日 08:00');
  });
});
