import type { Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';

/**
 * The administrator's welcome message says only what the platform has (issue 26): approval flows
 * do not exist yet, so it does not invite anyone to design them. When they do, add them here.
 */
export const WELCOME_TITLE = '欢迎使用封闭园区低代码平台';
export const WELCOME_CONTENT = '请先在“系统管理”中维护组织机构、角色与用户，再在“系统管理 → 表单管理”中设计业务表单；发布后即可为它创建菜单，填报、查询、导入和导出数据。';

/** The first version's text, which invited the administrator to design approval flows. */
const FIRST_CONTENT = '请先在系统管理中维护组织机构、角色与用户，再设计业务表单与审批流程。';

export async function seedWelcomeMessage(trx: Transaction<Database>) {
  const admin = await trx.selectFrom('sys_user').select('id').where('username', '=', 'admin').executeTakeFirst();
  if (!admin) return;
  await trx.insertInto('msg_message').values({ receiver_id: admin.id, title: WELCOME_TITLE, content: WELCOME_CONTENT, msg_type: 'system' }).execute();
}

/** Installs seeded before issue 26 keep their message, with the corrected words. */
export async function correctWelcomeMessage(trx: Transaction<Database>) {
  await trx.updateTable('msg_message').set({ content: WELCOME_CONTENT }).where('title', '=', WELCOME_TITLE).where('content', '=', FIRST_CONTENT).execute();
}
