import type { ControlWidget } from '../types.ts';
import { subTableWidget } from '../shared/subTableWidget.tsx';

/** table: 子表单：独立的子表面板（新增、批量新增、批量编辑、数据选择、批量删除）. Editor, Display and text; its designer panel is properties.ts beside it. */
export const tableControl: ControlWidget = subTableWidget();
export const { Editor, Display } = tableControl;
