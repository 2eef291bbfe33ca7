import type { Logger } from 'pino';
import { compareSemver } from '@park/core';
import type { AppContext } from '../context.ts';
import { findInstalledApp, installPackageFile, PackageRefused } from '../modules/apppackage/index.ts';

/**
 * A shipped application (issue 41) whose source is newer than the version this installation has
 * is upgraded at start through 应用管理's own import — as a park administrator importing the new
 * file would: its records kept, a field that holds data never dropped, a form the administrator
 * moved to another group left there (ADR 0068). The installed version is the memory: once per
 * version; an installation without the application (never installed, or 卸载) is not given it.
 * A refused upgrade (e.g. it drops a field this installation has filled) keeps the installed
 * version and is logged with its reasons — the server starts; the administrator decides.
 */
export async function upgradeShippedApp(ctx: AppContext, pkg: { zip: Uint8Array; code: string; version: string }, logger?: Logger): Promise<boolean> {
  const installed = await findInstalledApp(ctx.db, pkg.code);
  if (!installed || compareSemver(pkg.version, installed.version) <= 0) return false;
  const admin = await ctx.db.selectFrom('sys_user').select('id').where('username', '=', 'admin').executeTakeFirst();
  if (!admin) return false;
  try {
    await installPackageFile(ctx, pkg.zip, String(admin.id));
  } catch (err) {
    if (!(err instanceof PackageRefused)) throw err;
    logger?.warn({ app: pkg.code, version: pkg.version, reasons: err.reasons }, 'shipped application not upgraded');
    return false;
  }
  logger?.info({ app: pkg.code, version: pkg.version }, 'shipped application upgraded');
  return true;
}
