import type { ControlWidget } from '../types.ts';
import { subTableWidget } from '../shared/subTableWidget.tsx';
import { SUB_TABLE, propertyEditor } from '../shared/properties/editor.ts';
import { tableSections } from '../shared/properties/table/index.tsx';

/** table: 子表单：独立的子表面板（新增、批量新增、批量编辑、数据选择、批量删除）. Editor, Display, text and the designer's property panel. */
export const tableControl: ControlWidget = { ...subTableWidget(), properties: propertyEditor(SUB_TABLE, tableSections) };
export const { Editor, Display } = tableControl;
