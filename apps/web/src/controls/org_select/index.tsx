import type { ControlWidget } from '../types.ts';
import { singlePickerWidget } from '../shared/pickers/PickerField.tsx';

/** org_select: 组织机构（单选）. Editor, Display and text; its designer panel is properties.ts beside it. */
export const orgSelectControl: ControlWidget = singlePickerWidget();
export const { Editor, Display } = orgSelectControl;
