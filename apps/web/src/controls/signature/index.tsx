import type { ControlWidget } from '../types.ts';
import { signatureWidget } from '../shared/SignatureField.tsx';
import { BARE, propertyEditor } from '../shared/properties/editor.ts';

/** signature: 签名：签名板对话框，png 以 image 字段上传. Editor, Display, text and the designer's property panel. */
export const signatureControl: ControlWidget = { ...signatureWidget(), properties: propertyEditor(BARE) };
export const { Editor, Display } = signatureControl;
