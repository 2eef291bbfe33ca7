import crypto from 'node:crypto';
import { Readable } from 'node:stream';
import type { Kysely, Transaction } from 'kysely';
import { autoReportPeriod } from '@park/core';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../plugins/errors.ts';
import { jobAuth } from '../importExport/index.ts';
import { createFileStorage, insertFiles, sanitizeName } from '../file/worker.ts';
import { MSG_BIG_TYPE, MSG_SMALL_TYPE, notify } from '../msg/index.ts';
import { RENDERERS, type Rendered } from './render/index.ts';
import { claimPeriod, enabledAutoReports, grantFile, resolveRecipients, writeLog, type AutoReportRow } from './repo.ts';

export const OWNER_GONE = '报表所有者不存在或已停用';
export const NO_RECEIVER = '接收人均已停用或不在本租户';

export interface SendOutcome {
  result: '成功' | '失败';
  error: string | null;
  receivers: string[];
  fileId: string | null;
}

/** The live report a message links to (the web's report view page). */
export const reportLink = (s: AutoReportRow) => `/report/view/${s.reportId}`;

const errorText = (err: unknown) => (err instanceof AppError ? err.message : '生成报表失败');

/**
 * Renders with the owner's rights as they are now and stores the file; `trx` then delivers one
 * message per receiver with the file and the link, grants them the file and logs the run. A
 * failure is logged too (its period stays claimed: a broken report is not retried every minute).
 */
export async function sendOnce(ctx: AppContext, trx: Transaction<Database>, s: AutoReportRow, period: string, trigger: 'schedule' | 'manual'): Promise<SendOutcome> {
  const receivers = await resolveRecipients(trx, s.recipients, s.companyId);
  const log = async (o: SendOutcome) => {
    await writeLog(trx, { autoReportId: s.id, period, trigger, receiverIds: o.receivers, result: o.result, error: o.error, fileId: o.fileId });
    return o;
  };
  if (receivers.length === 0) return log({ result: '失败', error: NO_RECEIVER, receivers, fileId: null });
  const owner = await jobAuth(ctx.db, s.ownerId);
  if (!owner) return log({ result: '失败', error: OWNER_GONE, receivers, fileId: null });
  let rendered: Rendered;
  try {
    rendered = await RENDERERS[s.target](ctx, owner, s);
  } catch (err) {
    return log({ result: '失败', error: errorText(err), receivers, fileId: null });
  }
  const fileId = await storeRendered(ctx, trx, rendered, owner);
  await grantFile(trx, fileId, receivers);
  await notify(trx, {
    receiverIds: receivers,
    title: `自动报表：${s.name}`,
    content: `「${s.reportName}」已生成，请查看附件${rendered.name}`,
    bigType: MSG_BIG_TYPE.system,
    smallType: MSG_SMALL_TYPE.autoReport,
    params: { autoReportId: Number(s.id), reportId: Number(s.reportId), fileId: Number(fileId), fileName: rendered.name },
    menuUrl: reportLink(s),
  });
  return log({ result: '成功', error: null, receivers, fileId });
}

/** The rendered file in modules/file, uploaded by the owner (so the owner and the granted receivers read it). */
async function storeRendered(ctx: AppContext, trx: Kysely<Database>, r: Rendered, owner: { userId: string; user: { companyId: string | number | null } }): Promise<string> {
  const storage = createFileStorage(ctx.config);
  const key = await storage.put(Readable.from([r.buffer]));
  const [row] = await insertFiles(trx, [
    {
      fileKey: key,
      originalName: sanitizeName(r.name),
      suffix: r.suffix,
      size: r.buffer.length,
      mime: r.mime,
      sha256: crypto.createHash('sha256').update(r.buffer).digest('hex'),
      uploaderId: owner.userId,
      companyId: owner.user.companyId === null ? null : String(owner.user.companyId),
    },
  ]);
  return String(row!.id);
}

export interface TickOutcome {
  claimed: number;
  sent: number;
}

/**
 * One schedule tick: every enabled schedule due at this park minute whose period nobody has
 * claimed is claimed and sent in one transaction, so a period runs once across instances.
 * `onlyId` limits it (tests).
 */
export async function autoReportTick(ctx: AppContext, now: Date, onlyId?: string, db: Kysely<Database> = ctx.db): Promise<TickOutcome> {
  const out: TickOutcome = { claimed: 0, sent: 0 };
  for (const s of await enabledAutoReports(db)) {
    if (onlyId && s.id !== onlyId) continue;
    const period = autoReportPeriod(s.frequency, now);
    if (period === null) continue;
    await db.transaction().execute(async (trx) => {
      if (!(await claimPeriod(trx, s.id, period))) return;
      out.claimed++;
      const o = await sendOnce(ctx, trx, s, period, 'schedule');
      if (o.result === '成功') out.sent += o.receivers.length;
    });
  }
  return out;
}
