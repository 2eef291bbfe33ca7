import type { AppContext } from '../../context.ts';
import type { AuthContext } from '../auth/index.ts';

/** FileHolders.mayReadHeld's 自动报表 part: a delivered file is readable by the receivers it was sent to. */
export async function receivesAutoReportFile(ctx: Pick<AppContext, 'db'>, auth: AuthContext, file: { id: string }): Promise<boolean> {
  const hit = await ctx.db.selectFrom('auto_report_file').select('file_id').where('file_id', '=', file.id).where('receiver_id', '=', auth.userId).executeTakeFirst();
  return hit !== undefined;
}
