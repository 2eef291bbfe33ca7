import type { Kysely } from 'kysely';
import { parkClock } from '@park/core';
import type { Database } from '../../db/schema.ts';
import { installedFormIds } from '../apppackage/index.ts';
import { MSG_BIG_TYPE, MSG_SMALL_TYPE, notify } from '../msg/index.ts';
import { claimMissed, missedPoints, recordMissed, type AppForms } from './repo.ts';

/*
 * 漏检 (issue 41, ADR 0060): a planned round whose time is over and a checkpoint of its route
 * without a record is one message to the plan's 主管 per missed checkpoint. The claim row and the
 * message (and its 漏检记录 row) are written in one transaction, so two runners, or the next tick,
 * never send it twice.
 */

/** The application's code and the package codes of the forms the job reads. */
export const INSPECTION_APP = { code: 'inspection', plan: 'xj_plan', point: 'xj_point', record: 'xj_record', missed: 'xj_missed' } as const;

/**
 * Rounds that ended longer ago than this are not looked at: a plan entered afterwards for a past
 * day, or an installation down for longer, does not flood the supervisors with old news.
 */
export const MISSED_LOOKBACK_HOURS = 48;

const parkDateTime = (d: Date) => {
  const c = parkClock(d);
  const seconds = String(d.getUTCSeconds()).padStart(2, '0');
  return `${c.day} ${c.time}:${seconds}`;
};

async function appForms(db: Kysely<Database>): Promise<AppForms | null> {
  const ids = await installedFormIds(db, INSPECTION_APP.code);
  const plan = ids.get(INSPECTION_APP.plan);
  const point = ids.get(INSPECTION_APP.point);
  const record = ids.get(INSPECTION_APP.record);
  const missed = ids.get(INSPECTION_APP.missed);
  return plan && point && record && missed ? { plan, point, record, missed } : null;
}

/** One pass: the messages sent now (0 when everything found was sent before, or 巡检 is not installed). */
export async function missedCheckpointTick(db: Kysely<Database>, now: Date): Promise<{ sent: number }> {
  const forms = await appForms(db);
  if (!forms) return { sent: 0 };
  const since = parkDateTime(new Date(now.getTime() - MISSED_LOOKBACK_HOURS * 3600_000));
  return db.transaction().execute(async (trx) => {
    const missed = await missedPoints(trx, forms, since, parkDateTime(now));
    const claimed = await claimMissed(trx, forms.plan, missed);
    const fresh = missed.filter((m) => claimed.has(`${m.plan_id}:${m.point_id}`));
    await recordMissed(trx, forms.missed, fresh);
    let sent = 0;
    for (const m of fresh) {
      const point = m.point_code ? `${m.point_name ?? ''}（${m.point_code}）` : (m.point_name ?? '');
      await notify(trx, {
        receiverIds: [m.supervisor_id],
        title: `漏检提醒：${m.plan_name ?? '巡检计划'}`,
        content: `巡检点「${point}」在计划时段 ${m.start_time} 至 ${m.end_time} 内没有巡检记录（巡检人：${m.inspector_name ?? '未知'}）。`,
        bigType: MSG_BIG_TYPE.system,
        smallType: MSG_SMALL_TYPE.reminder,
        params: { formId: Number(forms.plan), businessId: Number(m.plan_id) },
        menuUrl: `/form/list/${forms.plan}`,
      });
      sent++;
    }
    return { sent };
  });
}
