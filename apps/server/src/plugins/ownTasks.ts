import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { formatDateTime } from '@park/core';
import type { Database } from '../db/schema.ts';
import { authOf } from './auth.ts';
import { PageQuery } from './paging.ts';

/** The columns every list of "my tasks" shares (approval to-dos in flow_task, form tasks in form_task). */
export interface OwnTaskRow {
  id: string | number;
  title: string;
  form_id: string | number | null;
  form_name: string | null;
  status: number;
  create_time: Date;
}

/** Where one kind of task is counted and paged for the signed-in user, and what its rows add. */
export interface OwnTaskSource<R extends OwnTaskRow> {
  count(db: Kysely<Database>, userId: string): Promise<number>;
  page(db: Kysely<Database>, userId: string, q: PageQuery): Promise<{ rows: R[]; total: number }>;
  /** The kind's own fields of a row, between formName and status. */
  extra(row: R): Record<string, unknown>;
}

/**
 * The two handlers of a "my tasks" list — the badge count and a page of rows as the original
 * client reads them ({ errCode, totalCount, datas }) — for the route file to register at its paths.
 */
export function ownTaskHandlers<R extends OwnTaskRow>(db: Kysely<Database>, source: OwnTaskSource<R>) {
  return {
    count: async (request: FastifyRequest) => ({ errCode: 0, count: await source.count(db, authOf(request).userId) }),
    page: {
      schema: { querystring: PageQuery },
      handler: async (request: FastifyRequest) => {
        const { rows, total } = await source.page(db, authOf(request).userId, request.query as PageQuery);
        return {
          errCode: 0,
          totalCount: total,
          datas: rows.map((r) => ({
            id: Number(r.id),
            title: r.title,
            formId: r.form_id === null ? null : Number(r.form_id),
            formName: r.form_name,
            ...source.extra(r),
            status: r.status,
            createTime: formatDateTime(r.create_time),
          })),
        };
      },
    },
  };
}
