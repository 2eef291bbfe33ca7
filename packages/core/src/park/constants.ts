/** Spec 002 §3 display filters: alarm level 01–04 shown as 一级…四级报警. */
export const ALARM_LEVELS = { '01': '一级报警', '02': '二级报警', '03': '三级报警', '04': '四级报警' } as const;
export type AlarmLevel = keyof typeof ALARM_LEVELS;
export const ALARM_LEVEL_CODES = Object.keys(ALARM_LEVELS) as AlarmLevel[];

/** Spec 002 §3: risk level 01 major, 02 larger, 03 and 04 low. */
export const RISK_LEVELS = { '01': '重大风险', '02': '较大风险', '03': '一般风险', '04': '低风险' } as const;
export type RiskLevel = keyof typeof RISK_LEVELS;
export const RISK_LEVEL_CODES = Object.keys(RISK_LEVELS) as RiskLevel[];

/** Spec 002 §3: handled state and device online flags. */
export const HANDLED_STATES = { 0: '未处置', 1: '已处置' } as const;
export const ONLINE_STATES = { 0: '离线', 1: '在线' } as const;

/** Gate pass directions. */
export const PASS_DIRECTIONS = { 1: '入园', 2: '出园' } as const;
export type PassDirection = 1 | 2;

/** What a device may report through the ingestion calls (its token is checked against this). */
export type IngestKind = 'gatePasses' | 'personPasses' | 'positions' | 'alarms' | 'deviceStates';

export type DeviceType = 'gate' | 'person_gate' | 'gps' | 'alarm' | 'broadcast' | 'camera';
export const DEVICE_TYPES: Record<DeviceType, { label: string; ingest: readonly IngestKind[] }> = {
  gate: { label: '车辆道闸', ingest: ['gatePasses', 'alarms', 'deviceStates'] },
  person_gate: { label: '人员闸机', ingest: ['personPasses', 'alarms', 'deviceStates'] },
  gps: { label: '车载定位终端', ingest: ['positions', 'alarms', 'deviceStates'] },
  alarm: { label: '报警主机', ingest: ['alarms', 'deviceStates'] },
  broadcast: { label: '广播主机', ingest: ['deviceStates'] },
  camera: { label: '视频监控', ingest: ['alarms', 'deviceStates'] },
};
export const DEVICE_TYPE_CODES = Object.keys(DEVICE_TYPES) as DeviceType[];

/** Alarms raised by the position rules. */
export type RuleAlarmType = 'speeding' | 'forbidden_zone' | 'long_parking' | 'off_route' | 'overstay';
/** Alarms devices report themselves. */
export type DeviceAlarmType = 'fire' | 'gas_leak' | 'toxic_gas' | 'intrusion' | 'equipment' | 'other';
/** Alarms a gate entry check raises (issue 41: a hazardous vehicle without a valid, approved waybill). */
export type EntryAlarmType = 'no_waybill';
export type AlarmType = RuleAlarmType | DeviceAlarmType | EntryAlarmType;

export const ALARM_TYPES: Record<AlarmType, { label: string; level: AlarmLevel; violation: boolean }> = {
  speeding: { label: '超速行驶', level: '03', violation: true },
  forbidden_zone: { label: '闯入禁行区域', level: '02', violation: true },
  long_parking: { label: '违规停车', level: '03', violation: true },
  off_route: { label: '偏离规划路线', level: '02', violation: true },
  overstay: { label: '超时滞留', level: '04', violation: true },
  fire: { label: '火灾报警', level: '01', violation: false },
  gas_leak: { label: '可燃气体泄漏', level: '01', violation: false },
  toxic_gas: { label: '有毒气体泄漏', level: '01', violation: false },
  intrusion: { label: '周界入侵', level: '02', violation: false },
  equipment: { label: '设备故障', level: '04', violation: false },
  other: { label: '其他报警', level: '04', violation: false },
  no_waybill: { label: '无有效运单入园', level: '02', violation: true },
};
export const ALARM_TYPE_CODES = Object.keys(ALARM_TYPES) as AlarmType[];
export const RULE_ALARM_TYPES: readonly RuleAlarmType[] = ['speeding', 'forbidden_zone', 'long_parking', 'off_route', 'overstay'];
export const ENTRY_ALARM_TYPES: readonly EntryAlarmType[] = ['no_waybill'];
/** What a device may report: the park's own checks' alarms are raised by the server, never claimed by a device. */
export const DEVICE_REPORTABLE_ALARM_TYPES: readonly AlarmType[] = ALARM_TYPE_CODES.filter((t) => !(ENTRY_ALARM_TYPES as readonly string[]).includes(t));

/** Vehicle types at the gates; 危化品车辆 carry a hazardous class and a load. */
export const VEHICLE_TYPES = { '1': '普通车辆', '2': '危化品车辆', '3': '货车', '4': '临时车辆' } as const;
export type VehicleType = keyof typeof VEHICLE_TYPES;
export const HAZARDOUS_VEHICLE: VehicleType = '2';

/** GB 6944 classes of dangerous goods, the hazardous class a gate pass may carry. */
export const HAZARDOUS_CLASSES = {
  '1': '爆炸品',
  '2': '气体',
  '3': '易燃液体',
  '4': '易燃固体',
  '5': '氧化性物质',
  '6': '毒性物质',
  '7': '放射性物质',
  '8': '腐蚀性物质',
  '9': '杂项危险物质',
} as const;

export const PERSON_TYPES = ['员工', '访客', '承包商', '司机'] as const;

/** A batch of events per ingestion call. */
export const INGEST_BATCH_MAX = 1000;

/** Spec 002 §9: the console map. */
export const PARK_MAP = { centerLng: 110.35, centerLat: 28.3, consoleZoom: 7, initZoom: 13, panZoom: 16, rangeColor: '#F33' } as const;
