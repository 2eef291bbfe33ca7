import { Type, type Static } from '@fastify/type-provider-typebox';
import { formatDateTime } from '@park/core';
import type { FastifyContextConfig } from 'fastify';
import { conflict } from '../../plugins/errors.ts';

/** Ids travel as JSON numbers (bigint identities, well inside 2^53) and are strings in SQL. */
export const Id = Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER });
export const IdList = Type.Array(Id, { maxItems: 5000, uniqueItems: true });
export const IdBody = Type.Object({ id: Id });
export type IdBody = Static<typeof IdBody>;
export const IdQuery = Type.Object({ id: Id });

/** Optional paging: with neither, a list call answers everything (pickers use it that way). */
export const OptionalPage = {
  pageNum: Type.Optional(Type.Integer({ minimum: 1 })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 500 })),
};

/** A text field: trimmed by the service; blank becomes null. */
export const Text = (maxLength: number) => Type.String({ maxLength });
export const OptText = (maxLength: number) => Type.Optional(Type.Union([Type.String({ maxLength }), Type.Null()]));

export function blankToNull(value: string | null | undefined): string | null {
  const t = value?.trim();
  return t ? t : null;
}

export const num = (id: string | number | bigint): number => Number(id);
export const str = (id: number | string): string => String(id);
export const time = (d: Date): string => formatDateTime(d);

/** Route config for an administration call: the permission it needs and how the log names it. */
export function adminCall(permission: string | null, module: string, action: string): FastifyContextConfig {
  return permission ? { permission, audit: { module, action } } : { audit: { module, action } };
}

/** For LIKE patterns built from user input: the input matches itself, never as a wildcard. */
export function likeContains(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** A unique index refused the row (a concurrent insert won the race): answer as the check would. */
export async function uniqueOr<T>(work: Promise<T>, message: string): Promise<T> {
  try {
    return await work;
  } catch (err) {
    if ((err as { code?: string }).code === '23505') throw conflict(message);
    throw err;
  }
}
