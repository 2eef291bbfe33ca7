import type { FastifyInstance } from 'fastify';
import { Type, type Static } from '@fastify/type-provider-typebox';
import { BACKUP_TEXT, type BackupListReply, type BackupRow, type BackupState, type BackupTrigger } from '@park/core';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../plugins/errors.ts';
import { adminCall, num, time } from '../admin/index.ts';
import { BACKUP_PERMISSION, BACKUP_QUEUE, type BackupJobData } from './job.ts';
import { listBackups } from './repo.ts';

const ListQuery = Type.Object({
  pageNum: Type.Integer({ minimum: 1, default: 1 }),
  pageSize: Type.Integer({ minimum: 1, maximum: 100, default: 10 }),
});

/** 系统管理 → 数据备份 (issue 28): the backups and their state; 立即备份 queues one now. */
export function backupRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get(
    '/api/user/backup/list',
    { schema: { querystring: ListQuery }, config: { permission: BACKUP_PERMISSION } },
    async (request): Promise<BackupListReply> => {
      const { pageNum, pageSize } = request.query as Static<typeof ListQuery>;
      const { rows, total } = await listBackups(ctx.db, pageSize, (pageNum - 1) * pageSize);
      return {
        errCode: 0,
        datas: rows.map(
          (r): BackupRow => ({
            id: num(r.id),
            name: r.name,
            trigger: r.trigger as BackupTrigger,
            state: r.state as BackupState,
            dbFormat: r.db_format,
            dir: r.dir,
            host: r.host,
            totalBytes: r.total_bytes === null ? null : Number(r.total_bytes),
            fileCount: r.file_count,
            error: r.error,
            startedAt: time(r.started_at),
            finishedAt: r.finished_at ? time(r.finished_at) : null,
            deletedAt: r.deleted_at ? time(r.deleted_at) : null,
          }),
        ),
        totalCount: total,
        backupDir: ctx.config.ops.backupDir,
        keepDays: ctx.config.ops.backupKeepDays,
        schedule: ctx.config.ops.backupCron,
        timeZone: ctx.config.ops.backupTimeZone,
      };
    },
  );

  app.post('/api/user/backup/run', { config: adminCall(BACKUP_PERMISSION, '系统运维', '立即备份') }, async () => {
    if (!ctx.jobs) throw new AppError(503, BACKUP_TEXT.noQueue);
    await ctx.jobs.send(BACKUP_QUEUE, { trigger: 'manual' } satisfies BackupJobData);
    return { errCode: 0, message: BACKUP_TEXT.started };
  });
}
