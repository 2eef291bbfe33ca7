import { FORM_REF_PREFIX, type PackagedMicroApp, type PackagedMicroFunction } from '@park/core';
import type { Kysely } from 'kysely';
import type { Database } from '../../../../db/schema.ts';
import { badRequest } from '../../../../plugins/errors.ts';
import { partCodes } from '../../repo.ts';
import { madeCode } from '../../refused.ts';
import type { InstalledPart, ServerPartKind, Target } from '../types.ts';

/*
 * The micro-app (微应用) chosen in 新建应用, with its functions in order, so the application
 * appears as one micro-app on the workbench. Its functions' forms must be packaged forms; the
 * install updates the rows it made before (an upgrade keeps the workbench menus pointing at it).
 */

async function readMicroApp(db: Kysely<Database>, appId: string) {
  const app = await db.selectFrom('micro_app').selectAll().where('id', '=', appId).executeTakeFirst();
  if (!app) return null;
  const functions = await db
    .selectFrom('micro_app_function as l')
    .innerJoin('micro_function as f', 'f.id', 'l.function_id')
    .select(['f.id', 'f.fun_name', 'f.type', 'f.show_type', 'f.form_id', 'f.menu_url', 'f.component', 'f.tag', 'f.explanation'])
    .where('l.app_id', '=', appId)
    .orderBy('l.sort')
    .orderBy('f.id')
    .execute();
  return { app, functions };
}

type Read = NonNullable<Awaited<ReturnType<typeof readMicroApp>>>;

/** The micro-app made portable; forms a function names by code (null when a form is outside: the caller refuses). */
function portable(read: Read, code: string, formCodeOf: ReadonlyMap<string, string>, functionCodes: ReadonlyMap<string, string>): { app: PackagedMicroApp; outside: string[] } {
  const outside: string[] = [];
  const used = new Set<string>();
  const functions = read.functions.map((f): PackagedMicroFunction => {
    const form = f.form_id === null ? null : formCodeOf.has(String(f.form_id)) ? `${FORM_REF_PREFIX}${formCodeOf.get(String(f.form_id))}` : null;
    if (f.type !== 2 && form === null) outside.push(f.fun_name);
    let fcode = functionCodes.get(String(f.id)) ?? madeCode('m', `${f.type}:${f.fun_name}`);
    for (let i = 2; used.has(fcode); i++) fcode = `${fcode.slice(0, 13)}_${i}`;
    used.add(fcode);
    return { code: fcode, funName: f.fun_name, type: f.type as 0 | 1 | 2, showType: f.show_type as 0 | 1 | 2, form: f.type === 2 ? null : form, menuUrl: f.menu_url || null, component: f.component || null, tag: f.tag || null, explanation: f.explanation || null };
  });
  const a = read.app;
  return { app: { code, appName: a.app_name, appType: a.app_type, introduce: a.introduce || null, tag: a.tag || null, iconName: a.icon_name || null, iconBgColor: a.icon_bg_color || null, functions }, outside };
}

const installedOf = (target: Target, kind: 'micro_app' | 'micro_function') => target.parts.get(kind) ?? new Map<string, string>();

export const serverMicroApps: ServerPartKind<'microapps'> = {
  key: 'microapps',
  async export(db, sel) {
    if (sel.microAppId === null) return [];
    const read = await readMicroApp(db, sel.microAppId);
    if (!read) throw badRequest('所选微应用不存在');
    const code = (await partCodes(db, 'micro_app', [read.app.id])).get(read.app.id) ?? madeCode('u', read.app.app_name);
    const p = portable(read, code, sel.codeOf, await partCodes(db, 'micro_function', read.functions.map((f) => f.id)));
    if (p.outside.length > 0) throw badRequest(`微应用「${read.app.app_name}」的功能（${p.outside.join('、')}）使用的表单不在应用中：请在新建应用时一并选择这些表单`);
    return [p.app];
  },
  async portable(db, target) {
    const out = new Map<string, unknown>();
    const functionCodes = new Map([...installedOf(target, 'micro_function')].map(([code, id]) => [id, code.split('.')[1] ?? code]));
    const formCodeOf = new Map([...target.formIds].map(([code, id]) => [id, code]));
    for (const [code, id] of installedOf(target, 'micro_app')) {
      const read = await readMicroApp(db, id);
      if (read) out.set(code, portable(read, code, formCodeOf, functionCodes).app);
    }
    return out;
  },
  async install(apps, { trx, userId, target, formIds }) {
    const out: InstalledPart[] = [];
    const hadApps = installedOf(target, 'micro_app');
    const hadFunctions = installedOf(target, 'micro_function');
    for (const m of apps) {
      const values = { app_name: m.appName, app_type: m.appType, introduce: m.introduce, tag: m.tag, icon_name: m.iconName, icon_bg_color: m.iconBgColor };
      const live = hadApps.has(m.code) ? await trx.selectFrom('micro_app').select('id').where('id', '=', hadApps.get(m.code)!).executeTakeFirst() : undefined;
      const appId = live
        ? (await trx.updateTable('micro_app').set({ ...values, update_time: new Date() }).where('id', '=', live.id).returning('id').executeTakeFirstOrThrow()).id
        : (await trx.insertInto('micro_app').values({ ...values, create_by: userId }).returning('id').executeTakeFirstOrThrow()).id;
      out.push({ kind: 'micro_app', code: m.code, localId: String(appId) });
      await trx.deleteFrom('micro_app_function').where('app_id', '=', appId).execute();
      for (const [sort, f] of m.functions.entries()) {
        // Function part codes are `<micro-app code>.<function code>`: unique in the application.
        const partCode = `${m.code}.${f.code}`;
        const fv = { fun_name: f.funName, type: f.type, show_type: f.showType, form_id: f.form ? formIds.get(f.form.slice(FORM_REF_PREFIX.length))! : null, menu_url: f.menuUrl, component: f.component, tag: f.tag, explanation: f.explanation };
        const had = hadFunctions.has(partCode) ? await trx.selectFrom('micro_function').select('id').where('id', '=', hadFunctions.get(partCode)!).executeTakeFirst() : undefined;
        const fnId = had
          ? (await trx.updateTable('micro_function').set({ ...fv, update_time: new Date() }).where('id', '=', had.id).returning('id').executeTakeFirstOrThrow()).id
          : (await trx.insertInto('micro_function').values({ ...fv, create_by: userId }).returning('id').executeTakeFirstOrThrow()).id;
        await trx.insertInto('micro_app_function').values({ app_id: appId, function_id: fnId, sort }).execute();
        out.push({ kind: 'micro_function', code: partCode, localId: String(fnId) });
      }
    }
    // Functions an earlier version made that this one dropped: nothing links them any more.
    const kept = new Set(out.map((p) => p.code));
    await removeFunctions(trx, [...hadFunctions].filter(([code]) => !kept.has(code)).map(([, id]) => id));
    return out;
  },
  async uninstall(trx, _ctx, ids, all) {
    // The micro-app goes (its links and workbench menus cascade), and the function rows the package made.
    for (const id of ids.values()) await trx.deleteFrom('micro_app').where('id', '=', id).execute();
    await removeFunctions(trx, all.get('micro_function')?.values() ?? []);
    return [];
  },
};

async function removeFunctions(trx: Kysely<Database>, ids: Iterable<string>): Promise<void> {
  for (const id of ids) await trx.deleteFrom('micro_function').where('id', '=', id).execute();
}
