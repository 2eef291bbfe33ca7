import { describe, expect, it } from 'vitest';
import { checkIngestBatch, parseEventTime } from './ingest.ts';

const NOW = Date.parse('2026-11-25T10:00:00Z');

describe('checkIngestBatch', () => {
  it('accepts a valid gate pass and normalises its values', () => {
    const { events, errors } = checkIngestBatch('gatePasses', [
      { eventId: 'e1', gateCode: 'G1', plate: '湘a12345', direction: '1', passTime: '2026-11-25T09:00:00+08:00', vehicleType: '2', hazardousClass: 3, material: '甲醇', loadTons: '30.5' },
    ], NOW);
    expect(errors).toEqual([]);
    expect(events[0]).toMatchObject({ plate: '湘A12345', direction: 1, hazardousClass: '3', loadTons: 30.5, passTime: Date.parse('2026-11-25T01:00:00Z') });
  });

  it('names every problem of every bad event in Chinese, with its index', () => {
    const { events, errors } = checkIngestBatch('gatePasses', [
      { eventId: 'e1', gateCode: 'G1', plate: 'ABC', direction: 3, passTime: 'yesterday', vehicleType: '1' },
      { eventId: 'e2', gateCode: 'G1', plate: '湘A12345', direction: 1, passTime: NOW, vehicleType: '2', colour: 'red' },
      'x',
    ], NOW);
    expect(events).toEqual([]);
    expect(errors).toEqual([
      { index: 0, eventId: 'e1', message: '车牌号格式不正确：ABC；方向取值不正确：3；通行时间格式不正确，应为 yyyy-MM-dd HH:mm:ss、带时区的 ISO 8601 或毫秒时间戳' },
      { index: 1, eventId: 'e2', message: '未知字段：colour' },
      { index: 2, eventId: null, message: '事件必须是对象' },
    ]);
  });

  it('asks a hazardous vehicle entering for its class and load, refuses the future and repeated ids', () => {
    const { errors } = checkIngestBatch('gatePasses', [
      { eventId: 'a', gateCode: 'G1', plate: '湘A12345', direction: 1, passTime: NOW, vehicleType: '2' },
      { eventId: 'b', gateCode: 'G1', plate: '湘A12345', direction: 1, passTime: NOW + 3600_000, vehicleType: '1' },
      { eventId: 'c', gateCode: 'G1', plate: '湘A12345', direction: 2, passTime: NOW, vehicleType: '1' },
      { eventId: 'c', gateCode: 'G1', plate: '湘A12345', direction: 2, passTime: NOW, vehicleType: '1' },
    ], NOW);
    expect(errors.map((e) => e.message)).toEqual([
      '危化品车辆入园必须填写危险货物类别；危化品车辆入园必须填写装载货物',
      '通行时间晚于当前时间',
      '事件编号在本批次中重复：c',
    ]);
  });

  it('checks positions by range', () => {
    const { errors } = checkIngestBatch('positions', [{ eventId: 'p', plate: '湘A12345', time: NOW, lat: 95, lng: 110, speed: -1 }], NOW);
    expect(errors[0]!.message).toBe('纬度应在 -90 到 90 之间；速度（km/h）应在 0 到 300 之间');
  });

  it('parses local text times in the server zone', () => {
    expect(parseEventTime('2026-11-25 08:00:00')).toBe(new Date(2026, 10, 25, 8).getTime());
    expect(parseEventTime('2026-02-30 08:00:00')).toBeNull();
  });
});
