import type { ControlWidget } from '../types.ts';
import { gisWidget } from '../shared/gis/GisField.tsx';

/** gis_select: 地图定位：地图定位对话框、经纬度与地址、范围. Editor, Display and text; its designer panel is properties.ts beside it. */
export const gisSelectControl: ControlWidget = gisWidget();
export const { Editor, Display } = gisSelectControl;
