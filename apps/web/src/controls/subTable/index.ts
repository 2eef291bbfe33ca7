import type { ControlType } from '@park/core';
import type { ControlUi } from '../types.ts';
import { subTableWidget } from './widgets.tsx';
import { SUB_TABLE, propertyEditor } from '../common/properties/editor.ts';
import { tableSections } from './properties.tsx';

/**
 * The subTable family's control types: each one's widget (Editor, Display, text) and its designer
 * property panel, gathered by ../registry.ts into CONTROL_UI. The family's widgets are in ./widgets
 * and its panel sections in ./properties; its DOM test cases are ./cases.tsx.
 */
export const SUB_TABLE_CONTROLS = {
  /** 子表单：独立的子表面板（新增、批量新增、批量编辑、数据选择、批量删除） */
  table: { widget: subTableWidget(), properties: propertyEditor(SUB_TABLE, tableSections) },
  /** 审批填报项：与子表单相同的子表面板 */
  flow_table: { widget: subTableWidget(), properties: propertyEditor(SUB_TABLE, tableSections) },
} satisfies Partial<Record<ControlType, ControlUi>>;
