import type { ControlWidget } from '../types.ts';
import { regionWidget } from '../shared/RegionSelect.tsx';

/** region_select: 行政区划：省/市/区县名称和代码写入 modelExt 列. Editor, Display and text; its designer panel is properties.ts beside it. */
export const regionSelectControl: ControlWidget = regionWidget();
export const { Editor, Display } = regionSelectControl;
