import { formatDateTime } from '@park/core';

/** bigint ids and numeric columns come back from pg as text; the API answers numbers. */
export const toNum = (v: string | number | null | undefined): number => (v == null ? 0 : Number(v));
export const formatTime = (d: Date | string): string => formatDateTime(d instanceof Date ? d : new Date(d));
export const formatTimeOrNull = (d: Date | string | null | undefined): string | null => (d == null ? null : formatTime(d));
