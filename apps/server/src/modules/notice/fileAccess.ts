import type { AppContext } from '../../context.ts';
import type { AuthContext } from '../../plugins/authContext.ts';

/**
 * The file module's question (FileHolders.mayReadHeld): does the caller receive a published notice
 * holding this file as an attachment or background? Then it may read it (issue 38: the park's
 * attachments reach every tenant's receivers).
 */
export async function receivesNoticeFile(ctx: Pick<AppContext, 'db'>, auth: AuthContext, file: { id: string }): Promise<boolean> {
  const hit = await ctx.db
    .selectFrom('notice_receiver as r')
    .innerJoin('notice as n', 'n.id', 'r.notice_id')
    .select('r.notice_id')
    .where('r.user_id', '=', auth.userId)
    .where((eb) => eb.or([
      eb.exists(eb.selectFrom('notice_file as f').select('f.file_id').whereRef('f.notice_id', '=', 'n.id').where('f.file_id', '=', file.id)),
      eb('n.background_file_id', '=', file.id),
    ]))
    .limit(1)
    .executeTakeFirst();
  return hit !== undefined;
}
