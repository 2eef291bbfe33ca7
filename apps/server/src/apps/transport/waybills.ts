import { sql, type Kysely } from 'kysely';
import { APPROVE_STATUS, PARK_UTC_OFFSET_MINUTES } from '@park/core';
import type { Database } from '../../db/schema.ts';
import { findInstalledApp } from '../../modules/apppackage/index.ts';
import { TRANSPORT_APP, TRANSPORT_FORMS } from './package.ts';

/*
 * The waybills of vehicles, read from the application's own forms wherever this installation put
 * them (the form ids come from the installed package's parts, never from fixed numbers).
 */

export interface GateWaybill {
  plate: string;
  id: string;
  waybillNo: string;
  planTime: string;
  status: string;
  sender: string;
  receiver: string;
  driver: string;
  escort: string;
  goods: string;
  /** '' when never submitted for approval, else APPROVE_STATUS. */
  approveStatus: string;
}

/** Valid for the gate: 状态 有效, approved by the receiving company, planned for that day. */
export const isValidForEntry = (w: GateWaybill, day: string) => w.status === '有效' && w.approveStatus === APPROVE_STATUS.approved && w.planTime.slice(0, 10) === day;

/** The park's calendar day (yyyy-MM-dd) of a time, as the forms' dates are written. */
export function parkDay(time: number): string {
  return new Date(time + PARK_UTC_OFFSET_MINUTES * 60_000).toISOString().slice(0, 10);
}

const FORM_ID = /^[1-9]\d{0,15}$/;

export async function transportForms(db: Kysely<Database>): Promise<{ waybill: string; vehicle: string } | null> {
  const app = await findInstalledApp(db, TRANSPORT_APP.code);
  const waybill = app?.formIds.get(TRANSPORT_FORMS.waybill);
  const vehicle = app?.formIds.get(TRANSPORT_FORMS.vehicle);
  return waybill && vehicle && FORM_ID.test(waybill) && FORM_ID.test(vehicle) ? { waybill, vehicle } : null;
}

/**
 * The waybills naming these plates (through the chosen vehicle's own 车牌号码, not a copy) planned
 * for the days given, newest first; each with its latest approval's status.
 */
export async function waybillsOfPlates(db: Kysely<Database>, plates: readonly string[], days: readonly string[]): Promise<GateWaybill[]> {
  return plates.length === 0 ? [] : waybillsOf(db, plates, days);
}

/** Every waybill planned for these days, whatever its vehicle (the day's expected traffic). */
export function waybillsOfDays(db: Kysely<Database>, days: readonly string[]): Promise<GateWaybill[]> {
  return waybillsOf(db, null, days);
}

async function waybillsOf(db: Kysely<Database>, plates: readonly string[] | null, days: readonly string[]): Promise<GateWaybill[]> {
  const forms = await transportForms(db);
  if (!forms) return [];
  const w = sql.table(`form_${forms.waybill}`);
  const v = sql.table(`form_${forms.vehicle}`);
  const goods = sql.table(`form_${forms.waybill}__goods`);
  const result = await sql<GateWaybill>`
    select v.plate_no as plate, w.id::text as id, coalesce(w.waybill_no, '') as "waybillNo", coalesce(w.plan_time, '') as "planTime",
      coalesce(w.waybill_status, '') as status, coalesce(w.sender_label, '') as sender, coalesce(w.receiver_label, '') as receiver,
      coalesce(w.driver_label, '') as driver, coalesce(w.escort_label, '') as escort,
      coalesce((select string_agg(g.goods_name || '（UN' || coalesce(g.un_no, '') || '）' || coalesce(g.quantity::text, '') || '吨', '、' order by g.id)
        from ${goods} g where g.parent_id = w.id), '') as goods,
      coalesce((select fi.approve_status from flow_instance fi where fi.form_id = ${forms.waybill}::bigint and fi.business_id::text = w.id::text
        order by fi.id desc limit 1), '') as "approveStatus"
    from ${w} w join ${v} v on v.id::text = w.vehicle
    where (${plates === null}::boolean or v.plate_no = any(${plates ?? []}::text[])) and left(w.plan_time, 10) = any(${[...days]}::text[])
    order by w.id desc`.execute(db);
  return result.rows;
}
