import type { ControlWidget } from '../types.ts';
import { multiPickerWidget } from '../shared/pickers/PickerField.tsx';

/** m_data_select: 通用数据（多选）. Editor, Display and text; its designer panel is properties.ts beside it. */
export const mDataSelectControl: ControlWidget = multiPickerWidget();
export const { Editor, Display } = mDataSelectControl;
