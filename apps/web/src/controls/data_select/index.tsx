import type { ControlWidget } from '../types.ts';
import { singlePickerWidget } from '../shared/pickers/PickerField.tsx';

/** data_select: 通用数据（单选）：maps.source 或远程接口，maps.mapping 回填其他控件. Editor, Display and text; its designer panel is properties.ts beside it. */
export const dataSelectControl: ControlWidget = singlePickerWidget();
export const { Editor, Display } = dataSelectControl;
