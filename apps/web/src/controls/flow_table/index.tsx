import type { ControlWidget } from '../types.ts';
import { subTableWidget } from '../shared/subTableWidget.tsx';

/** flow_table: 审批填报项：与子表单相同的子表面板. Editor, Display and text; its designer panel is properties.ts beside it. */
export const flowTableControl: ControlWidget = subTableWidget();
export const { Editor, Display } = flowTableControl;
