/** 提醒设置 (issue 39): the settings' shapes, their save checks, schedules and condition rows. */
export * from './types.ts';
export { REMIND_TEXT } from './messages.ts';
export { checkFormSet, emptyFormSet, type RemindCheckOptions } from './check.ts';
export { condRemindConditions, fillTemplate } from './conditions.ts';
export { COND_REMIND_TIME, condRemindPeriod, formRemindPeriod, PARK_TIME_ZONE, parkClock, type ParkClock } from './schedule.ts';
