import { sql } from 'kysely';
import { DOC_SOURCE, type DocSource } from '@park/core';
import type { AppContext } from '../../context.ts';
import { allows, type AuthContext } from '../../plugins/authContext.ts';
import { forbidden } from '../../plugins/errors.ts';

/** The menu codes of the 文件库 screens (seeds/docs.ts grants them through the menus). */
export const DOC_PERMS = { share: 'doc:share', enterprise: 'doc:enterprise', personal: 'doc:personal' } as const;
const PERM_OF: Record<DocSource, string> = { 0: DOC_PERMS.share, 1: DOC_PERMS.enterprise, 2: DOC_PERMS.personal };

/** Held in sys_file_ref under `doc:<source>` with the entry's id, so the upload collector keeps the file. */
export const docFileRef = (source: number) => `doc:${source}`;

export const isPark = (auth: AuthContext) => auth.user.userType === 0;
const companyOf = (auth: AuthContext) => (auth.user.companyId === null ? null : String(auth.user.companyId));

/**
 * Who reads a library, as a filter: the park reads every library (the 个人文件夹 read-only), a
 * tenant's user reads the shared library minus its black list, its own tenant's 企业文件库 and its
 * own 个人文件夹. `all` true: no narrowing (the park).
 */
export type ReadScope = { all: true } | { all: false; companyId: string | null; userId: string };
export function readScope(auth: AuthContext): ReadScope {
  return isPark(auth) ? { all: true } : { all: false, companyId: companyOf(auth), userId: auth.userId };
}

/**
 * Who manages (saves, deletes) entries and trees of a library; returns the tenant the caller is held
 * to (null: any, the park). The park needs the screen's code and never writes a user's 个人文件夹;
 * a tenant's 主/子管理员 manages its own 企业文件库 and its tenant's trees; a user their own folder.
 */
export async function manageScope(ctx: Pick<AppContext, 'db'>, auth: AuthContext, source: DocSource, what: 'entry' | 'tree'): Promise<string | null> {
  if (isPark(auth)) {
    if (!allows(auth.permissions, PERM_OF[source])) throw forbidden();
    if (source === DOC_SOURCE.personal && what === 'entry') throw forbidden();
    return null;
  }
  const company = companyOf(auth);
  if (company === null || source === DOC_SOURCE.share) throw forbidden();
  if (source === DOC_SOURCE.personal && what === 'entry') return company;
  const r = await ctx.db.selectFrom('sys_user').select('tenant_user_type').where('id', '=', auth.userId).executeTakeFirst();
  if (r?.tenant_user_type !== 0 && r?.tenant_user_type !== 1) throw forbidden();
  return company;
}

/**
 * The file module's question (FileHolders.mayReadHeld): does a library entry the caller may see hold
 * this file? Then it may read and preview it, whoever uploaded it.
 */
export async function seesDocFile(ctx: Pick<AppContext, 'db'>, auth: AuthContext, file: { id: string }): Promise<boolean> {
  if (isPark(auth)) return (await ctx.db.selectFrom('doc_file').select('id').where('file_id', '=', file.id).limit(1).executeTakeFirst()) !== undefined;
  const company = companyOf(auth);
  const r = await sql<{ id: string }>`
    select d.id from doc_file d
     where d.file_id = ${file.id}
       and ((d.source = 0 and (${company}::bigint is null or not exists (select 1 from doc_file_black_list b where b.doc_file_id = d.id and b.company_id = ${company}::bigint)))
         or (d.source = 1 and d.company_id = ${company}::bigint)
         or (d.source = 2 and d.owner_id = ${auth.userId}))
     limit 1`.execute(ctx.db);
  return r.rows.length > 0;
}

/**
 * The file module's other question (FileHolders.keepsPrivate): a file only 个人文件夹 entries hold is
 * its owner's and the park's alone, though its uploader's colleagues would pass the generic rule.
 */
export async function keepsDocFilePrivate(ctx: Pick<AppContext, 'db'>, auth: AuthContext, file: { id: string }): Promise<boolean> {
  if (isPark(auth)) return false;
  const refs = await ctx.db.selectFrom('sys_file_ref').select('sub_key').where('file_id', '=', file.id).execute();
  return refs.length > 0 && refs.every((r) => r.sub_key === docFileRef(DOC_SOURCE.personal));
}
