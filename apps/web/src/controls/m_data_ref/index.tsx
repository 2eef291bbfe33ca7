import type { ControlWidget } from '../types.ts';
import { dataRefWidget } from '../shared/DataRefEditor.tsx';

/** m_data_ref: 数据引用：表单数据选择对话框. Editor, Display and text; its designer panel is properties.ts beside it. */
export const mDataRefControl: ControlWidget = dataRefWidget();
export const { Editor, Display } = mDataRefControl;
