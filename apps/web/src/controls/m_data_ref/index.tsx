import type { ControlWidget } from '../types.ts';
import { dataRefWidget } from '../shared/DataRefEditor.tsx';
import { FIELD, propertyEditor } from '../shared/properties/editor.ts';
import { dataRefSections } from '../shared/properties/picker/dataRef.tsx';

/** m_data_ref: 数据引用：表单数据选择对话框. Editor, Display, text and the designer's property panel. */
export const mDataRefControl: ControlWidget = { ...dataRefWidget(), properties: propertyEditor(FIELD, dataRefSections) };
export const { Editor, Display } = mDataRefControl;
