/** Plain text of a stored scalar (the text family's, the numbers' pieces); '' when empty. */
export function plainText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return value ? '是' : '否';
  return '';
}

export const noText = () => '';
