import type { ControlType } from '@park/core';
import type { ControlUi } from '../types.ts';
import { regionWidget } from './RegionSelect.tsx';
import { BARE, propertyEditor } from '../common/properties/editor.ts';
import { gisSections, regionSections } from './properties.tsx';
import { gisWidget } from './gis/GisField.tsx';

/**
 * The place family's control types: each one's widget (Editor, Display, text) and its designer
 * property panel, gathered by ../registry.ts into CONTROL_UI. The family's widgets are in ./widgets
 * and its panel sections in ./properties; its DOM test cases are ./cases.tsx.
 */
export const PLACE_CONTROLS = {
  /** 行政区划：省/市/区县名称和代码写入 modelExt 列 */
  region_select: { widget: regionWidget(), properties: propertyEditor(BARE, regionSections) },
  /** 地图定位：地图定位对话框、经纬度与地址、范围 */
  gis_select: { widget: gisWidget(), properties: propertyEditor(BARE, gisSections) },
} satisfies Partial<Record<ControlType, ControlUi>>;
