import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

export interface DocEntryRow {
  id: string;
  source: number;
  file_id: string;
  original_name: string;
  company_id: string | null;
  owner_id: string | null;
  classification_id: string;
}

export interface DocEntryWrite {
  source: number;
  fileId: string;
  originalName: string;
  fileType: string;
  companyId: string | null;
  ownerId: string;
  classificationId: string;
  tagIds: string[];
  blackList: string[];
}

/** What a list is narrowed to: the library, who may see it, and the screen's filters. */
export interface DocListQuery {
  source: number;
  /** Only this tenant's entries (企业文件库 of a tenant, or the park's tenant filter). */
  companyId?: string | null;
  /** Only this user's entries (a user's own 个人文件夹). */
  ownerId?: string;
  /** A shared list as a tenant sees it: entries not black-listing this tenant. */
  notBlackListedFor?: string;
  originalName?: string;
  classificationIds?: string[];
  classificationName?: string;
  fileType?: string;
  realName?: string;
  bt?: Date;
  et?: Date;
  ascending: boolean;
  offset: number;
  limit: number;
}

/** All SQL of the libraries: routes and service hold none (the trees keep theirs in trees.ts). */
export class DocRepo {
  constructor(private readonly db: Kysely<Database>) {}

  get(db: Db, id: string): Promise<DocEntryRow | undefined> {
    return db.selectFrom('doc_file').select(['id', 'source', 'file_id', 'original_name', 'company_id', 'owner_id', 'classification_id']).where('id', '=', id).executeTakeFirst();
  }

  byFileId(fileId: string, source: number): Promise<DocEntryRow | undefined> {
    return this.db.selectFrom('doc_file').select(['id', 'source', 'file_id', 'original_name', 'company_id', 'owner_id', 'classification_id']).where('file_id', '=', fileId).where('source', '=', source).orderBy('id', 'desc').executeTakeFirst();
  }

  async save(trx: Transaction<Database>, id: string | null, w: DocEntryWrite): Promise<string> {
    const values = { file_id: w.fileId, original_name: w.originalName, file_type: w.fileType, classification_id: w.classificationId };
    let entryId: string;
    if (id) {
      await trx.updateTable('doc_file').set({ ...values, update_time: new Date() }).where('id', '=', id).execute();
      entryId = id;
      await trx.deleteFrom('doc_file_tag').where('doc_file_id', '=', id).execute();
      await trx.deleteFrom('doc_file_black_list').where('doc_file_id', '=', id).execute();
    } else {
      entryId = (await trx.insertInto('doc_file').values({ ...values, source: w.source, company_id: w.companyId, owner_id: w.ownerId }).returning('id').executeTakeFirstOrThrow()).id;
    }
    if (w.tagIds.length) await trx.insertInto('doc_file_tag').values(w.tagIds.map((tag_id) => ({ doc_file_id: entryId, tag_id }))).execute();
    if (w.blackList.length) await trx.insertInto('doc_file_black_list').values(w.blackList.map((company_id) => ({ doc_file_id: entryId, company_id }))).execute();
    return entryId;
  }

  deleteMany(trx: Transaction<Database>, ids: string[]) {
    return trx.deleteFrom('doc_file').where('id', 'in', ids).execute();
  }

  blackList(entryId: string) {
    return this.db.selectFrom('doc_file_black_list as b').innerJoin('sys_company as c', 'c.id', 'b.company_id').select(['c.id', 'c.company_name']).where('b.doc_file_id', '=', entryId).orderBy('c.id').execute();
  }

  /** How many of `ids` are nodes of the (source, tenant) tree in `table`. */
  async countInTree(table: 'doc_classification' | 'doc_tag', ids: string[], source: number, companyId: string | null): Promise<number> {
    if (!ids.length) return 0;
    let q = this.db.selectFrom(table).select((eb) => eb.fn.countAll<string>().as('c')).where('id', 'in', ids).where('source', '=', source);
    q = companyId === null ? q.where('company_id', 'is', null) : q.where('company_id', '=', companyId);
    return Number((await q.executeTakeFirstOrThrow()).c);
  }

  /** A classification and every node below it (searching a 一级分类 finds its sub-classifications' files). */
  async classificationWithDescendants(id: string): Promise<string[]> {
    const r = await sql<{ id: string }>`
      with recursive t as (select id from doc_classification where id = ${id}
                           union all select c.id from doc_classification c join t on c.parent_id = t.id)
      select id::text as id from t`.execute(this.db);
    return r.rows.map((x) => x.id);
  }

  async list(q: DocListQuery) {
    let base = this.db
      .selectFrom('doc_file as d')
      .innerJoin('doc_classification as k', 'k.id', 'd.classification_id')
      .leftJoin('sys_user as u', 'u.id', 'd.owner_id')
      .leftJoin('sys_company as c', 'c.id', 'd.company_id')
      .where('d.source', '=', q.source);
    if (q.companyId !== undefined) base = q.companyId === null ? base.where('d.company_id', 'is', null) : base.where('d.company_id', '=', q.companyId);
    if (q.ownerId !== undefined) base = base.where('d.owner_id', '=', q.ownerId);
    if (q.notBlackListedFor !== undefined) {
      const company = q.notBlackListedFor;
      base = base.where((eb) => eb.not(eb.exists(eb.selectFrom('doc_file_black_list as b').select('b.doc_file_id').whereRef('b.doc_file_id', '=', 'd.id').where('b.company_id', '=', company))));
    }
    if (q.originalName) base = base.where('d.original_name', 'ilike', q.originalName);
    if (q.classificationIds) base = base.where('d.classification_id', 'in', q.classificationIds.length ? q.classificationIds : ['0']);
    if (q.classificationName) base = base.where('k.name', 'ilike', q.classificationName);
    if (q.fileType) base = base.where('d.file_type', '=', q.fileType);
    if (q.realName) base = base.where('u.real_name', 'ilike', q.realName);
    if (q.bt) base = base.where('d.upload_time', '>=', q.bt);
    if (q.et) base = base.where('d.upload_time', '<=', q.et);
    const total = Number((await base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);
    const rows = await base
      .select([
        'd.id', 'd.source', 'd.file_id', 'd.original_name', 'd.file_type', 'd.upload_time', 'd.company_id', 'c.company_name',
        'u.username', 'u.real_name', 'd.classification_id', 'k.name as classification', 'k.parent_id as classification_parent_id',
        sql<string | null>`(select string_agg(t.name, ',' order by t.id) from doc_file_tag ft join doc_tag t on t.id = ft.tag_id where ft.doc_file_id = d.id)`.as('labels'),
        sql<string | null>`(select string_agg(t.id::text, ',' order by t.id) from doc_file_tag ft join doc_tag t on t.id = ft.tag_id where ft.doc_file_id = d.id)`.as('label_ids'),
      ])
      .orderBy('d.upload_time', q.ascending ? 'asc' : 'desc')
      .orderBy('d.id', q.ascending ? 'asc' : 'desc')
      .offset(q.offset)
      .limit(q.limit)
      .execute();
    return { total, rows };
  }
}
