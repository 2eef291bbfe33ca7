import { Tag } from 'antd';
import { ALARM_LEVEL_COLORS, ALARM_LEVELS, HANDLED_COLORS, HANDLED_STATES, ONLINE_COLORS, ONLINE_STATES, type AlarmLevel } from '@park/core';

/** Spec 002 §3 display filters with their colours. */
export function AlarmLevelTag({ level }: { level: AlarmLevel }) {
  return (
    <Tag color={ALARM_LEVEL_COLORS[level]} className="park-level-tag" style={level === '03' ? { color: '#614700' } : undefined}>
      {ALARM_LEVELS[level]}
    </Tag>
  );
}

export function HandledTag({ handled }: { handled: 0 | 1 }) {
  return <Tag color={HANDLED_COLORS[handled]}>{HANDLED_STATES[handled]}</Tag>;
}

export function OnlineTag({ online }: { online: number }) {
  const state = online === 1 ? 1 : 0;
  return <Tag color={ONLINE_COLORS[state]}>{ONLINE_STATES[state]}</Tag>;
}
