import type { ControlWidget } from '../types.ts';
import { gisWidget } from '../shared/gis/GisField.tsx';
import { BARE, propertyEditor } from '../shared/properties/editor.ts';
import { gisSections } from '../shared/properties/place/index.tsx';

/** gis_select: 地图定位：地图定位对话框、经纬度与地址、范围. Editor, Display, text and the designer's property panel. */
export const gisSelectControl: ControlWidget = { ...gisWidget(), properties: propertyEditor(BARE, gisSections) };
export const { Editor, Display } = gisSelectControl;
