import type { ControlWidget } from '../types.ts';
import { singlePickerWidget } from '../shared/pickers/PickerField.tsx';

/** company_select: 企业（单选）：企业管理员锁定为本企业. Editor, Display and text; its designer panel is properties.ts beside it. */
export const companySelectControl: ControlWidget = singlePickerWidget();
export const { Editor, Display } = companySelectControl;
