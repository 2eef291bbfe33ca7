import type { DateParts } from '@park/core';

const pad = (n: number) => String(n).padStart(2, '0');
const wheel = (n: number) => Array.from({ length: n }, (_, i) => ({ label: pad(i), value: pad(i) }));

/** Hours, minutes and seconds: the wheels of every time editor on the phone. */
export const TIME_COLUMNS = [wheel(24), wheel(60), wheel(60)];

/** Where the wheels stand for a time (08:00:00 when none is chosen yet: the working day's start). */
export function timeWheelValue(parts: DateParts | null): string[] {
  return parts ? [pad(parts.hour ?? 0), pad(parts.minute ?? 0), pad(parts.second ?? 0)] : ['08', '00', '00'];
}
