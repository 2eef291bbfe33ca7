import type { ControlWidget } from '../types.ts';
import { singlePickerWidget } from '../shared/pickers/PickerField.tsx';
import { FIELD, propertyEditor } from '../shared/properties/editor.ts';
import { dataPickerSections } from '../shared/properties/picker/PickerSections.tsx';

/** data_select: 通用数据（单选）：maps.source 或远程接口，maps.mapping 回填其他控件. Editor, Display, text and the designer's property panel. */
export const dataSelectControl: ControlWidget = { ...singlePickerWidget(), properties: propertyEditor(FIELD, dataPickerSections) };
export const { Editor, Display } = dataSelectControl;
