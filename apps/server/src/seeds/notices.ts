import { sql, type Transaction } from 'kysely';
import { DEFAULT_NOTICE_SMS, NOTICE_KIND, NOTICE_STATUS, NOTICE_TYPE_DIC, NOTICE_TYPES } from '@park/core';
import type { Database } from '../db/schema.ts';

/*
 * Issue 38: the NOTICE_TYPE dictionary, the 信息发布 menus (平台公告 for the park, 企业公告 for the
 * park and every tenant's 主管理员, 我的公告 for everyone), the default SMS template and two
 * delivered demo notices so `npm start` shows a list with read counts.
 */
type Trx = Transaction<Database>;
export const NOTICE_MENU_PATH = '/notice';
const MENUS = [
  { name: '平台公告', path: '/notice/platform', component: 'PlatformNotice', perms: 'notice:platform', tenant: false },
  { name: '企业公告', path: '/notice/enterprise', component: 'EnterpriseNotice', perms: 'notice:enterprise', tenant: true },
  { name: '我的公告', path: '/notice/mine', component: 'MyNotice', perms: null, tenant: true },
];

async function dictionary(trx: Trx): Promise<void> {
  if (await trx.selectFrom('sys_dic_type').select('id').where('type_code', '=', NOTICE_TYPE_DIC).executeTakeFirst()) return;
  const { id } = await trx.insertInto('sys_dic_type').values({ type_code: NOTICE_TYPE_DIC, type_name: '公告类型', remark: '信息发布的公告类型' }).returning('id').executeTakeFirstOrThrow();
  await trx.insertInto('sys_dic_catalog').values(NOTICE_TYPES.map(([code, name], i) => ({ type_id: id, parent_id: null, code, name, order_index: i }))).execute();
}

async function menus(trx: Trx): Promise<void> {
  const last = await trx.selectFrom('sys_menu').select((eb) => eb.fn.max('order_index').as('m')).where('parent_id', 'is', null).executeTakeFirst();
  const top = await trx
    .insertInto('sys_menu')
    .values({ parent_id: null, name: '信息发布', path: NOTICE_MENU_PATH, icon_name: 'xiaoxi', level: 1, tenant_visible: true, order_index: last?.m == null ? 0 : Number(last.m) + 1 })
    .returning(['id', 'level'])
    .executeTakeFirstOrThrow();
  const parkAdmin = await trx.selectFrom('sys_role').select('id').where('role_code', '=', 'park_admin').where('company_id', 'is', null).executeTakeFirst();
  const tenantAdmins = await trx.selectFrom('sys_role').select('id').where('role_code', '=', 'TENANT_ADMIN').where('company_id', 'is not', null).execute();
  const grants: Array<{ role_id: string; menu_id: string }> = [];
  if (parkAdmin) grants.push({ role_id: parkAdmin.id, menu_id: top.id });
  for (const r of tenantAdmins) grants.push({ role_id: r.id, menu_id: top.id });
  for (const [i, m] of MENUS.entries()) {
    const row = await trx
      .insertInto('sys_menu')
      .values({ parent_id: top.id, name: m.name, path: m.path, component: m.component, icon_name: 'xiaoxi', perms: m.perms, level: top.level + 1, order_index: i, tenant_visible: m.tenant })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (parkAdmin) grants.push({ role_id: parkAdmin.id, menu_id: row.id });
    if (m.tenant) for (const r of tenantAdmins) grants.push({ role_id: r.id, menu_id: row.id });
  }
  if (grants.length) await trx.insertInto('sys_role_menu').values(grants).onConflict((oc) => oc.doNothing()).execute();
}

async function demo(trx: Trx): Promise<void> {
  await trx.insertInto('notice_sms_template').values({ name: '公告通知', content: DEFAULT_NOTICE_SMS, is_default: true }).execute();
  const admin = await trx.selectFrom('sys_user').select('id').where('username', '=', 'admin').executeTakeFirst();
  const add = async (title: string, type: string, content: string) => {
    const { id } = await trx
      .insertInto('notice')
      .values({ kind: NOTICE_KIND.platform, company_id: null, title, notice_type: type, content, status: NOTICE_STATUS.published, publish_time: new Date(), create_by: admin?.id ?? null })
      .returning('id')
      .executeTakeFirstOrThrow();
    // The same set-based delivery the job does (modules/notice/repo.ts), for a seeded notice.
    const r = await sql`insert into notice_receiver (notice_id, user_id, company_id) select ${id}, id, company_id from sys_user where status = 0`.execute(trx);
    await sql`insert into msg_message (receiver_id, title, msg_type, big_type, small_type, params, menu_url)
              select user_id, ${title}, 'system', 0, 0, ${JSON.stringify({ noticeId: Number(id) })}::jsonb, ${`/notice/read/${id}`} from notice_receiver where notice_id = ${id}`.execute(trx);
    await trx.updateTable('notice').set({ delivered: true, receiver_total: Number(r.numAffectedRows ?? 0) }).where('id', '=', id).execute();
  };
  await add('关于开展园区危化品安全大检查的通知', '2', '<h2>安全大检查</h2><p>各企业：园区定于本月下旬开展<strong>危化品安全大检查</strong>，请提前做好自查。</p><ul><li>储罐区</li><li>装卸区</li></ul>');
  await add('园区年度环保政策解读', '3', '<p>本年度园区环保政策要点见附件说明，请各企业组织学习。</p>');
}

export async function seedNotices(trx: Trx): Promise<void> {
  await dictionary(trx);
  await menus(trx);
  await demo(trx);
}
