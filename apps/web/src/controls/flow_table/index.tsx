import type { ControlWidget } from '../types.ts';
import { subTableWidget } from '../shared/subTableWidget.tsx';
import { SUB_TABLE, propertyEditor } from '../shared/properties/editor.ts';
import { tableSections } from '../shared/properties/table/index.tsx';

/** flow_table: 审批填报项：与子表单相同的子表面板. Editor, Display, text and the designer's property panel. */
export const flowTableControl: ControlWidget = { ...subTableWidget(), properties: propertyEditor(SUB_TABLE, tableSections) };
export const { Editor, Display } = flowTableControl;
