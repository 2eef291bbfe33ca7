import type { ControlWidget } from '../types.ts';
import { regionWidget } from '../shared/RegionSelect.tsx';
import { BARE, propertyEditor } from '../shared/properties/editor.ts';
import { regionSections } from '../shared/properties/place/index.tsx';

/** region_select: 行政区划：省/市/区县名称和代码写入 modelExt 列. Editor, Display, text and the designer's property panel. */
export const regionSelectControl: ControlWidget = { ...regionWidget(), properties: propertyEditor(BARE, regionSections) };
export const { Editor, Display } = regionSelectControl;
