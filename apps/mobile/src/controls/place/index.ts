import { gisText, regionText, type ControlType } from '@park/core';
import type { MobileControl } from '../types.ts';
import { textDisplay } from '../common/TextDisplay.tsx';
import { GisEditor } from './GisEditor.tsx';
import { RegionEditor } from './RegionEditor.tsx';

/** The place family on the phone: the region tree level by level, the device's position. */
export const PLACE_CONTROLS = {
  region_select: { frame: 'field', Editor: RegionEditor, Display: textDisplay(regionText) },
  gis_select: { frame: 'field', Editor: GisEditor, Display: textDisplay(gisText) },
} satisfies Partial<Record<ControlType, MobileControl>>;
