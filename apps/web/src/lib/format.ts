import dayjs from 'dayjs';

/** Server times are `yyyy-MM-dd HH:mm:ss` by convention; an ISO stamp is shown the same way. */
export function formatDateTime(value: string | null | undefined): string {
  if (!value) return '-';
  const d = dayjs(value);
  return d.isValid() ? d.format('YYYY-MM-DD HH:mm:ss') : value;
}
