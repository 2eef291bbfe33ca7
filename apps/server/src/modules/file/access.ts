import type { AppContext } from '../../context.ts';
import type { AuthContext } from '../auth/index.ts';
import { isReferenced, type FileRow } from './repo.ts';

/**
 * Whether a user may read a file: its uploader may, and so may anyone who may see a record that
 * references it.
 *
 * Until the form engine lands, "may see a record" is approximated: some record references the file
 * (sys_file_ref), and the reader is a platform user (userType 0) or belongs to the company the
 * file was uploaded from, since company users (userType 1, 2) see only their company's data.
 * The form engine will refine this to the referencing records' own read permission.
 */
export async function canReadFile(
  ctx: Pick<AppContext, 'db'> & Partial<Pick<AppContext, 'fileHolders'>>,
  auth: AuthContext,
  file: FileRow,
): Promise<boolean> {
  if (file.uploader_id !== null && file.uploader_id === auth.userId) return true;
  // A notice's receivers read its attachments, whichever company uploaded them.
  if (ctx.fileHolders?.mayReadHeld && (await ctx.fileHolders.mayReadHeld(ctx, auth, file))) return true;
  if (ctx.fileHolders?.keepsPrivate && (await ctx.fileHolders.keepsPrivate(ctx, auth, file))) return false;
  const { userType, companyId } = auth.user;
  const sameCompany = companyId !== null && file.company_id !== null && String(companyId) === file.company_id;
  if (userType !== 0 && !sameCompany) return false;
  return isReferenced(ctx.db, file.id);
}

/**
 * For the form engine, before attachFileRefs: the ids among `fileIds` the saver may not read (or
 * that do not exist). Referencing a file grants the record's readers access to it, so a record
 * may only reference files its saver could already read.
 */
export async function unreadableFileIds(
  ctx: Pick<AppContext, 'db'> & Partial<Pick<AppContext, 'fileHolders'>>,
  auth: AuthContext,
  fileIds: readonly (string | number)[],
): Promise<string[]> {
  const wanted = [...new Set(fileIds.map(String))];
  if (wanted.length === 0) return [];
  const ids = wanted.filter((id) => /^[1-9]\d{0,17}$/.test(id));
  const rows = ids.length ? await ctx.db.selectFrom('sys_file').selectAll().where('id', 'in', ids).execute() : [];
  const readable = new Set<string>();
  for (const row of rows) if (await canReadFile(ctx, auth, row)) readable.add(row.id);
  return wanted.filter((id) => !readable.has(id));
}
