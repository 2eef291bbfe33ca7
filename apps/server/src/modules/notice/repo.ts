import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { NOTICE_KIND, NOTICE_STATUS } from '@park/core';

type Db = Kysely<Database> | Transaction<Database>;

export interface NoticeRow {
  id: string;
  kind: number;
  company_id: string | null;
  title: string;
  notice_type: string;
  content: string;
  background_file_id: string | null;
  background_key: string | null;
  sms_notify: boolean;
  status: number;
  publish_time: Date | null;
  receiver_total: number;
  delivered: boolean;
  create_time: Date;
}

export interface NoticeWrite {
  kind: number;
  companyId: string | null;
  title: string;
  noticeType: string;
  content: string;
  backgroundFileId: string | null;
  backgroundKey: string | null;
  smsNotify: boolean;
  fileIds: string[];
  blackList: string[];
  orgIds: string[];
  userIds: string[];
}

/** All SQL of 公告: routes and service hold none. */
export class NoticeRepo {
  constructor(private readonly db: Kysely<Database>) {}

  get(db: Db, id: string): Promise<NoticeRow | undefined> {
    return db.selectFrom('notice').selectAll().where('id', '=', id).executeTakeFirst() as Promise<NoticeRow | undefined>;
  }

  async save(trx: Transaction<Database>, id: string | null, w: NoticeWrite, userId: string): Promise<string> {
    const values = { kind: w.kind, company_id: w.companyId, title: w.title, notice_type: w.noticeType, content: w.content, background_file_id: w.backgroundFileId, background_key: w.backgroundKey, sms_notify: w.smsNotify };
    let noticeId: string;
    if (id) {
      await trx.updateTable('notice').set({ ...values, update_time: new Date() }).where('id', '=', id).execute();
      noticeId = id;
      for (const t of ['notice_file', 'notice_black_list', 'notice_target_org', 'notice_target_user'] as const) await trx.deleteFrom(t).where('notice_id', '=', id).execute();
    } else {
      noticeId = (await trx.insertInto('notice').values({ ...values, create_by: userId }).returning('id').executeTakeFirstOrThrow()).id;
    }
    const rows = <K extends string>(key: K, ids: string[]) => [...new Set(ids)].map((v) => ({ notice_id: noticeId, [key]: v }) as { notice_id: string } & Record<K, string>);
    if (w.fileIds.length) await trx.insertInto('notice_file').values(rows('file_id', w.fileIds)).execute();
    if (w.blackList.length) await trx.insertInto('notice_black_list').values(rows('company_id', w.blackList)).execute();
    if (w.orgIds.length) await trx.insertInto('notice_target_org').values(rows('org_id', w.orgIds)).execute();
    if (w.userIds.length) await trx.insertInto('notice_target_user').values(rows('user_id', w.userIds)).execute();
    return noticeId;
  }

  async details(db: Db, id: string) {
    const ids = async (t: 'notice_file' | 'notice_black_list' | 'notice_target_org' | 'notice_target_user', col: string) =>
      (await sql<{ v: string }>`select ${sql.ref(col)}::text as v from ${sql.table(t)} where notice_id = ${id} order by 1`.execute(db)).rows.map((r) => r.v);
    const files = await db.selectFrom('notice_file as nf').innerJoin('sys_file as f', 'f.id', 'nf.file_id').select(['f.id', 'f.original_name']).where('nf.notice_id', '=', id).execute();
    return { files, blackList: await ids('notice_black_list', 'company_id'), orgIds: await ids('notice_target_org', 'org_id'), userIds: await ids('notice_target_user', 'user_id') };
  }

  /** Uploaded backgrounds of earlier notices of one kind and company (null: the park's 平台公告), newest first. */
  usedBackgrounds(kind: number, companyId: string | null) {
    let q = this.db
      .selectFrom('notice as n')
      .innerJoin('sys_file as f', 'f.id', 'n.background_file_id')
      .select(['f.id as fileId', 'f.original_name as fileName'])
      .select((eb) => eb.fn.max('n.create_time').as('lastUsed'))
      .where('n.kind', '=', kind)
      .groupBy(['f.id', 'f.original_name'])
      .orderBy('lastUsed', 'desc')
      .limit(50);
    q = companyId === null ? q.where('n.company_id', 'is', null) : q.where('n.company_id', '=', companyId);
    return q.execute();
  }

  /** A manager's list: company null = the park's 平台公告, else that tenant's 企业公告 (or all tenants' for the park). */
  async list(q: { kind: number; companyId: string | null; title?: string; noticeType?: string; offset: number; limit: number }) {
    let base = this.db.selectFrom('notice as n').where('n.kind', '=', q.kind);
    if (q.companyId !== null) base = base.where('n.company_id', '=', q.companyId);
    if (q.title) base = base.where('n.title', 'ilike', q.title);
    if (q.noticeType) base = base.where('n.notice_type', '=', q.noticeType);
    const total = Number((await base.select((eb) => eb.fn.countAll<string>().as('c')).executeTakeFirstOrThrow()).c);
    const rows = await base
      .leftJoin('sys_company as c', 'c.id', 'n.company_id')
      .select(['n.id', 'n.kind', 'n.company_id', 'c.company_name', 'n.title', 'n.notice_type', 'n.sms_notify', 'n.status', 'n.publish_time', 'n.receiver_total', 'n.delivered', 'n.create_time'])
      .select((eb) => [
        eb.selectFrom('notice_receiver as r').whereRef('r.notice_id', '=', 'n.id').select((e) => e.fn.countAll<string>().as('c')).as('count'),
        eb.selectFrom('notice_receiver as r').whereRef('r.notice_id', '=', 'n.id').where('r.read_time', 'is', null).select((e) => e.fn.countAll<string>().as('c')).as('unread'),
      ])
      .orderBy('n.create_time', 'desc')
      .orderBy('n.id', 'desc')
      .offset(q.offset)
      .limit(q.limit)
      .execute();
    return { total, rows };
  }

  deleteMany(trx: Transaction<Database>, ids: string[]) {
    return trx.deleteFrom('notice').where('id', 'in', ids).execute();
  }

  setStatus(db: Db, id: string, status: number, publishTime: Date | null) {
    return db.updateTable('notice').set({ status, publish_time: publishTime, update_time: new Date() }).where('id', '=', id).execute();
  }

  /**
   * Writes every receiver in one set-based statement (issue 38: never one insert per receiver).
   * The rule is core's isReceiver: platform → the park's users and every tenant not black-listed;
   * enterprise → its tenant, narrowed to the chosen departments and people when any are chosen.
   */
  async insertReceivers(trx: Transaction<Database>, n: NoticeRow): Promise<number> {
    const id = n.id;
    const res =
      n.kind === NOTICE_KIND.platform
        ? await sql`
            insert into notice_receiver (notice_id, user_id, company_id)
            select ${id}, u.id, u.company_id from sys_user u
             where u.status = 0
               and (u.company_id is null or not exists (select 1 from notice_black_list b where b.notice_id = ${id} and b.company_id = u.company_id))
            on conflict do nothing`.execute(trx)
        : await sql`
            insert into notice_receiver (notice_id, user_id, company_id)
            select ${id}, u.id, u.company_id from sys_user u
             where u.status = 0 and u.company_id = ${n.company_id}
               and ((not exists (select 1 from notice_target_org where notice_id = ${id}) and not exists (select 1 from notice_target_user where notice_id = ${id}))
                 or exists (select 1 from notice_target_user t where t.notice_id = ${id} and t.user_id = u.id)
                 or exists (select 1 from sys_user_org uo join notice_target_org o on o.org_id = uo.org_id and o.notice_id = ${id} where uo.user_id = u.id))
            on conflict do nothing`.execute(trx);
    return Number(res.numAffectedRows ?? 0);
  }

  /** One 消息中心 message per receiver, also set-based; opening it marks the notice read. */
  insertMessages(trx: Transaction<Database>, n: NoticeRow, bigType: number, smallType: number) {
    return sql`
      insert into msg_message (receiver_id, title, content, msg_type, big_type, small_type, params, menu_url)
      select r.user_id, ${n.title}, null, 'system', ${bigType}, ${smallType}, ${JSON.stringify({ noticeId: Number(n.id) })}::jsonb, ${`/notice/read/${n.id}`}
        from notice_receiver r where r.notice_id = ${n.id}`.execute(trx);
  }

  /** The receivers' SMS, queued in the outbox in one statement; its sender delivers them in batches. */
  insertSms(trx: Transaction<Database>, n: NoticeRow, template: string, provider: string, date: string) {
    return sql`
      insert into sys_sms_log (phone, content, template, receiver_id, company_id, provider, status, next_attempt_time)
      select u.phone,
             replace(replace(replace(replace(${template}, '\${企业名称}', coalesce(c.company_name, '园区')), '\${姓名}', u.real_name), '\${公告标题}', ${n.title}), '\${日期}', ${date}),
             'notice', u.id, u.company_id, ${provider}, 'queued', now()
        from notice_receiver r join sys_user u on u.id = r.user_id left join sys_company c on c.id = u.company_id
       where r.notice_id = ${n.id} and u.phone ~ '^1[0-9]{10}$'`.execute(trx);
  }

  markDelivered(trx: Transaction<Database>, id: string, total: number) {
    return trx.updateTable('notice').set({ receiver_total: total, delivered: true }).where('id', '=', id).execute();
  }

  /** Withdrawal: receivers no longer see it; their message goes too. */
  async clearReceivers(trx: Transaction<Database>, id: string) {
    await trx.deleteFrom('notice_receiver').where('notice_id', '=', id).execute();
    await sql`delete from msg_message where small_type = 0 and params->>'noticeId' = ${id}`.execute(trx);
    await trx.updateTable('notice').set({ receiver_total: 0, delivered: false }).where('id', '=', id).execute();
  }

  dueScheduled() {
    return this.db.selectFrom('notice').select('id').where('status', '=', NOTICE_STATUS.scheduled).where('publish_time', '<=', new Date()).execute();
  }

  /** A receiver's own notices (我的公告, mobile list), newest first. */
  async mine(userId: string, offset: number, limit: number) {
    const rows = await sql<{ id: string; title: string; notice_type: string; kind: number; publish_time: Date | null; read_time: Date | null; company_name: string | null }>`
      select n.id, n.title, n.notice_type, n.kind, n.publish_time, r.read_time, c.company_name
        from notice_receiver r join notice n on n.id = r.notice_id left join sys_company c on c.id = n.company_id
       where r.user_id = ${userId}
       order by r.notice_id desc offset ${offset} limit ${limit}`.execute(this.db);
    return rows.rows;
  }

  async counts(userId: string) {
    const r = await sql<{ total: string; unread: string }>`
      select count(*) as total, count(*) filter (where read_time is null) as unread from notice_receiver where user_id = ${userId}`.execute(this.db);
    return { total: Number(r.rows[0]!.total), unread: Number(r.rows[0]!.unread) };
  }

  receiverOf(userId: string, noticeId: string) {
    return this.db.selectFrom('notice_receiver').selectAll().where('user_id', '=', userId).where('notice_id', '=', noticeId).executeTakeFirst();
  }

  async markRead(userId: string, noticeId: string) {
    await this.db.transaction().execute(async (trx) => {
      await trx.updateTable('notice_receiver').set({ read_time: new Date() }).where('user_id', '=', userId).where('notice_id', '=', noticeId).where('read_time', 'is', null).execute();
      await sql`update msg_message set read_status = '1', read_time = now() where receiver_id = ${userId} and small_type = 0 and params->>'noticeId' = ${noticeId} and read_status = '0'`.execute(trx);
    });
  }

  /** Who has and has not read (the statistics dialog and its Excel). */
  readers(noticeId: string, read: boolean | null, companyId: string | null) {
    let q = this.db
      .selectFrom('notice_receiver as r')
      .innerJoin('sys_user as u', 'u.id', 'r.user_id')
      .leftJoin('sys_company as c', 'c.id', 'r.company_id')
      .select([
        'u.id', 'u.real_name', 'u.phone', 'c.company_name', 'r.read_time',
        sql<string | null>`(select string_agg(o.org_name, '、' order by o.org_name) from sys_user_org uo join sys_org o on o.id = uo.org_id where uo.user_id = u.id)`.as('org_name'),
      ])
      .where('r.notice_id', '=', noticeId)
      .orderBy('r.user_id');
    if (read === true) q = q.where('r.read_time', 'is not', null);
    if (read === false) q = q.where('r.read_time', 'is', null);
    if (companyId !== null) q = q.where('r.company_id', '=', companyId);
    return q.execute();
  }

  // ---- 短信模板 ----
  templates() {
    return this.db.selectFrom('notice_sms_template').selectAll().orderBy('id').execute();
  }
  async defaultTemplate(): Promise<string | null> {
    const r = await this.db.selectFrom('notice_sms_template').select('content').orderBy('is_default', 'desc').orderBy('id').executeTakeFirst();
    return r?.content ?? null;
  }
  async saveTemplate(id: string | null, name: string, content: string, isDefault: boolean): Promise<string> {
    return this.db.transaction().execute(async (trx) => {
      if (isDefault) await trx.updateTable('notice_sms_template').set({ is_default: false }).execute();
      if (id) {
        const r = await trx.updateTable('notice_sms_template').set({ name, content, is_default: isDefault, update_time: new Date() }).where('id', '=', id).executeTakeFirst();
        return Number(r.numUpdatedRows) > 0 ? id : '';
      }
      return (await trx.insertInto('notice_sms_template').values({ name, content, is_default: isDefault }).returning('id').executeTakeFirstOrThrow()).id;
    });
  }
  deleteTemplate(id: string) {
    return this.db.deleteFrom('notice_sms_template').where('id', '=', id).execute();
  }
  async smsLog(q: { phone?: string; status?: string; offset: number; limit: number }) {
    let base = this.db.selectFrom('sys_sms_log');
    if (q.phone) base = base.where('phone', 'like', q.phone);
    if (q.status) base = base.where('status', '=', q.status);
    const total = Number((await base.select((eb) => eb.fn.countAll<string>().as('c')).executeTakeFirstOrThrow()).c);
    const rows = await base.select(['id', 'phone', 'content', 'template', 'status', 'error', 'attempts', 'sent_time', 'create_time']).orderBy('id', 'desc').offset(q.offset).limit(q.limit).execute();
    return { total, rows };
  }
}
