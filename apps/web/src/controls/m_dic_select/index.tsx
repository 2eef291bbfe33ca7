import type { ControlWidget } from '../types.ts';
import { multiPickerWidget } from '../shared/pickers/PickerField.tsx';

/** m_dic_select: 数据字典（多选）. Editor, Display and text; its designer panel is properties.ts beside it. */
export const mDicSelectControl: ControlWidget = multiPickerWidget();
export const { Editor, Display } = mDicSelectControl;
