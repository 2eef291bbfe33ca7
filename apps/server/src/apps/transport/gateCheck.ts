import type { GateEntryCheck } from '../../modules/park/index.ts';
import { isValidForEntry, parkDay, transportForms, waybillsOfPlates } from './waybills.ts';

/**
 * At the gate (issue 41): a hazardous vehicle entering without a valid waybill approved by the
 * receiving company for that day raises 无有效运单入园 on the park console. The one piece of
 * 危化品运输 the platform could not express: the park's gate data is not a form an automation
 * can watch, so the park module takes this check through its face (GateEntryCheck).
 */
export const waybillEntryCheck: GateEntryCheck = {
  alarmType: 'no_waybill',
  async check(db, entries) {
    // Not installed here (or uninstalled): the park has no waybills to ask for.
    if (!(await transportForms(db))) return [];
    const days = [...new Set(entries.map((e) => parkDay(e.passTime)))];
    const waybills = await waybillsOfPlates(db, [...new Set(entries.map((e) => e.plate))], days);
    return entries
      .filter((e) => !waybills.some((w) => w.plate === e.plate && isValidForEntry(w, parkDay(e.passTime))))
      .map((e) => {
        const named = waybills.filter((w) => w.plate === e.plate && w.planTime.slice(0, 10) === parkDay(e.passTime));
        const why = named.length === 0 ? '无当日电子运单' : '当日电子运单未经收货企业审批通过或已作废';
        return { eventId: e.eventId, content: `危化品车辆 ${e.plate} 入园：${why}（运单 ${named.map((w) => w.waybillNo).join('、') || '无'}）` };
      });
  },
};
