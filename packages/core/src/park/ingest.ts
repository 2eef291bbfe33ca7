import { ALARM_LEVEL_CODES, DEVICE_REPORTABLE_ALARM_TYPES, HAZARDOUS_CLASSES, PERSON_TYPES, VEHICLE_TYPES, HAZARDOUS_VEHICLE, type IngestKind } from './constants.ts';

/**
 * The ingestion calls' event shapes and their checks, as field tables: each field says its
 * Chinese label and its kind, and one checker reads them all, so every call's errors read alike.
 */
type FieldKind =
  | { kind: 'text'; max: number }
  | { kind: 'plate' }
  | { kind: 'time'; future?: boolean }
  | { kind: 'number'; min: number; max: number }
  | { kind: 'int'; min: number; max: number }
  | { kind: 'enum'; values: readonly (string | number)[] }
  | { kind: 'bool' };

type FieldSpec = FieldKind & { label: string; required?: boolean };

const eventId: FieldSpec = { label: '事件编号', kind: 'text', max: 64, required: true };
const direction: FieldSpec = { label: '方向', kind: 'enum', values: [1, 2], required: true };
const gateCode: FieldSpec = { label: '道口编号', kind: 'text', max: 64, required: true };
const companyCode: FieldSpec = { label: '企业统一社会信用代码', kind: 'text', max: 64 };

export const INGEST_FIELDS: Record<IngestKind, Record<string, FieldSpec>> = {
  gatePasses: {
    eventId,
    gateCode,
    plate: { label: '车牌号', kind: 'plate', required: true },
    direction,
    passTime: { label: '通行时间', kind: 'time', required: true },
    vehicleType: { label: '车辆类型', kind: 'enum', values: Object.keys(VEHICLE_TYPES), required: true },
    hazardousClass: { label: '危险货物类别', kind: 'enum', values: Object.keys(HAZARDOUS_CLASSES) },
    companyCode,
    companyName: { label: '所属企业', kind: 'text', max: 100 },
    driverName: { label: '驾驶员', kind: 'text', max: 50 },
    driverPhone: { label: '驾驶员电话', kind: 'text', max: 30 },
    material: { label: '装载货物', kind: 'text', max: 100 },
    loadTons: { label: '装载量（吨）', kind: 'number', min: 0, max: 200 },
    temporary: { label: '临时车辆', kind: 'bool' },
    routeName: { label: '规划路线', kind: 'text', max: 100 },
    permitUntil: { label: '准许停留至', kind: 'time', future: true },
    photoFileId: { label: '抓拍图片', kind: 'int', min: 1, max: Number.MAX_SAFE_INTEGER },
  },
  personPasses: {
    eventId,
    gateCode,
    personName: { label: '姓名', kind: 'text', max: 50, required: true },
    personType: { label: '人员类型', kind: 'enum', values: PERSON_TYPES, required: true },
    idNo: { label: '证件号', kind: 'text', max: 32 },
    companyCode,
    direction,
    passTime: { label: '通行时间', kind: 'time', required: true },
  },
  positions: {
    eventId,
    plate: { label: '车牌号', kind: 'plate', required: true },
    time: { label: '定位时间', kind: 'time', required: true },
    lat: { label: '纬度', kind: 'number', min: -90, max: 90, required: true },
    lng: { label: '经度', kind: 'number', min: -180, max: 180, required: true },
    speed: { label: '速度（km/h）', kind: 'number', min: 0, max: 300, required: true },
  },
  alarms: {
    eventId,
    alarmType: { label: '报警类型', kind: 'enum', values: DEVICE_REPORTABLE_ALARM_TYPES, required: true },
    alarmLevel: { label: '报警级别', kind: 'enum', values: ALARM_LEVEL_CODES },
    time: { label: '报警时间', kind: 'time', required: true },
    content: { label: '报警内容', kind: 'text', max: 500 },
    plate: { label: '车牌号', kind: 'plate' },
    companyCode,
    lat: { label: '纬度', kind: 'number', min: -90, max: 90 },
    lng: { label: '经度', kind: 'number', min: -180, max: 180 },
  },
  deviceStates: {
    eventId,
    deviceCode: { label: '设备编号', kind: 'text', max: 64 },
    online: { label: '在线状态', kind: 'enum', values: [0, 1], required: true },
    time: { label: '上报时间', kind: 'time', required: true },
  },
};

/** Mainland plates: province, letter, 4–5 letters or digits (I and O excluded), then a digit or a suffix. */
const PLATE = /^[京津沪渝冀豫云辽黑湘皖鲁新苏浙赣鄂桂甘晋蒙陕吉闽贵粤青藏川宁琼][A-HJ-NP-Z][A-HJ-NP-Z0-9]{4,5}[A-HJ-NP-Z0-9挂学警]$/;
export const isPlate = (s: string) => PLATE.test(s);

const LOCAL_TIME = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})$/;
const ISO_WITH_ZONE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?(Z|[+-]\d{2}:?\d{2})$/;
/** Reports may be late (a device catching up) but not from the future beyond clock drift. */
export const MAX_CLOCK_SKEW_MS = 10 * 60_000;

/** 'yyyy-MM-dd HH:mm:ss' in the server's time zone, ISO 8601 with a zone, or epoch milliseconds. */
export function parseEventTime(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) && value > 0 ? value : null;
  if (typeof value !== 'string') return null;
  const local = LOCAL_TIME.exec(value);
  if (local) {
    const [, y, mo, d, h, mi, s] = local.map(Number) as number[];
    const date = new Date(y!, mo! - 1, d!, h!, mi!, s!);
    return date.getMonth() === mo! - 1 && date.getDate() === d! ? date.getTime() : null;
  }
  if (ISO_WITH_ZONE.test(value)) {
    const ms = Date.parse(value);
    return Number.isNaN(ms) ? null : ms;
  }
  return null;
}

export type IngestValue = string | number | boolean | null;

function checkField(spec: FieldSpec, raw: unknown, now: number): { value: IngestValue } | { error: string } {
  if (raw === undefined || raw === null || raw === '') {
    return spec.required ? { error: `${spec.label}不能为空` } : { value: null };
  }
  switch (spec.kind) {
    case 'text': {
      if (typeof raw !== 'string' && typeof raw !== 'number') return { error: `${spec.label}必须是文本` };
      const t = String(raw).trim();
      if (t === '' && spec.required) return { error: `${spec.label}不能为空` };
      if (t.length > spec.max) return { error: `${spec.label}不能超过${spec.max}个字符` };
      return { value: t === '' ? null : t };
    }
    case 'plate': {
      const t = typeof raw === 'string' ? raw.trim().toUpperCase() : '';
      return isPlate(t) ? { value: t } : { error: `${spec.label}格式不正确：${String(raw)}` };
    }
    case 'time': {
      const ms = parseEventTime(raw);
      if (ms === null) return { error: `${spec.label}格式不正确，应为 yyyy-MM-dd HH:mm:ss、带时区的 ISO 8601 或毫秒时间戳` };
      if (!spec.future && ms > now + MAX_CLOCK_SKEW_MS) return { error: `${spec.label}晚于当前时间` };
      return { value: ms };
    }
    case 'number':
    case 'int': {
      const n = typeof raw === 'number' ? raw : typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : NaN;
      if (!Number.isFinite(n) || (spec.kind === 'int' && !Number.isInteger(n))) return { error: `${spec.label}必须是${spec.kind === 'int' ? '整数' : '数字'}` };
      if (n < spec.min || n > spec.max) return { error: `${spec.label}应在 ${spec.min} 到 ${spec.max} 之间` };
      return { value: n };
    }
    case 'enum': {
      const found = spec.values.find((v) => String(v) === String(raw));
      return found === undefined ? { error: `${spec.label}取值不正确：${String(raw)}` } : { value: found };
    }
    case 'bool':
      if (raw === true || raw === 1 || raw === '1' || raw === 'true') return { value: true };
      if (raw === false || raw === 0 || raw === '0' || raw === 'false') return { value: false };
      return { error: `${spec.label}必须是是或否` };
  }
}

/** Rules across fields, per kind. */
const CROSS_CHECKS: Record<IngestKind, (e: Record<string, IngestValue>) => string[]> = {
  gatePasses: (e) => {
    const errors: string[] = [];
    if (e.vehicleType === HAZARDOUS_VEHICLE) {
      if (e.direction === 1 && !e.hazardousClass) errors.push('危化品车辆入园必须填写危险货物类别');
      if (e.direction === 1 && !e.material) errors.push('危化品车辆入园必须填写装载货物');
    }
    return errors;
  },
  personPasses: () => [],
  positions: () => [],
  alarms: (e) => ((e.lat === null) !== (e.lng === null) ? ['经度和纬度必须同时填写'] : []),
  deviceStates: () => [],
};

export interface EventError {
  /** 0-based position in the batch. */
  index: number;
  eventId: string | null;
  message: string;
}

export type CheckedEvent = Record<string, IngestValue> & { eventId: string };

/**
 * Checks a whole batch. Unknown fields are refused rather than dropped, so a device sending a
 * misspelt field learns it at once instead of losing the value.
 */
export function checkIngestBatch(
  kind: IngestKind,
  events: readonly unknown[],
  now: number,
): { events: CheckedEvent[]; errors: EventError[] } {
  const fields = INGEST_FIELDS[kind];
  const out: CheckedEvent[] = [];
  const errors: EventError[] = [];
  const seen = new Set<string>();
  events.forEach((raw, index) => {
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
      errors.push({ index, eventId: null, message: '事件必须是对象' });
      return;
    }
    const record = raw as Record<string, unknown>;
    const messages: string[] = [];
    const event: Record<string, IngestValue> = {};
    for (const key of Object.keys(record)) if (!(key in fields)) messages.push(`未知字段：${key}`);
    for (const [key, spec] of Object.entries(fields)) {
      const r = checkField(spec, record[key], now);
      if ('error' in r) messages.push(r.error);
      else event[key] = r.value;
    }
    if (messages.length === 0) messages.push(...CROSS_CHECKS[kind](event));
    const id = typeof event.eventId === 'string' ? event.eventId : null;
    if (id !== null && messages.length === 0) {
      if (seen.has(id)) messages.push(`事件编号在本批次中重复：${id}`);
      seen.add(id);
    }
    if (messages.length > 0) errors.push({ index, eventId: id ?? (typeof record.eventId === 'string' ? record.eventId : null), message: messages.join('；') });
    else out.push(event as CheckedEvent);
  });
  return { events: out, errors };
}
