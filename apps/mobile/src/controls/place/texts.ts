import type { ControlType, GisValue, RegionValue } from '@park/core';
import type { ControlText } from '../types.ts';
import { isObject } from '../common/values.ts';

export function gisText(value: unknown): string {
  if (!isObject(value)) return '';
  const gis = value as Partial<GisValue> & { lnt?: string };
  const lng = gis.lng ?? gis.lnt;
  if (gis.address) return gis.address;
  return gis.lat && lng ? `${gis.lat}, ${lng}` : '';
}

export function regionText(value: unknown): string {
  if (!isObject(value)) return '';
  const r = value as Partial<RegionValue>;
  return [r.province, r.city, r.area].filter((p) => typeof p === 'string' && p !== '').join(' / ');
}

export const PLACE_TEXTS = {
  region_select: regionText,
  gis_select: gisText,
} satisfies Partial<Record<ControlType, ControlText>>;
