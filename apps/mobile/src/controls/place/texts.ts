import { gisText, regionText, type ControlType } from '@park/core';
import type { ControlText } from '../types.ts';

export const PLACE_TEXTS = {
  region_select: regionText,
  gis_select: gisText,
} satisfies Partial<Record<ControlType, ControlText>>;
