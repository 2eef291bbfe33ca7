import { formatDateTime } from '@park/core';

/** bigint ids and numeric columns come back from pg as text; the API answers numbers. */
export const toNum = (v: string | number | null | undefined): number => (v == null ? 0 : Number(v));
export const formatTime = (d: Date | string): string => formatDateTime(d instanceof Date ? d : new Date(d));
export const formatTimeOrNull = (d: Date | string | null | undefined): string | null => (d == null ? null : formatTime(d));

/** The server's time zone, in which days and hours are counted (the zone the platform shows times in). */
export const TIME_ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone;
