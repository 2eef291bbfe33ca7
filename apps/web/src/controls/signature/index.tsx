import type { ControlWidget } from '../types.ts';
import { signatureWidget } from '../shared/SignatureField.tsx';

/** signature: 签名：签名板对话框，png 以 image 字段上传. Editor, Display and text; its designer panel is properties.ts beside it. */
export const signatureControl: ControlWidget = signatureWidget();
export const { Editor, Display } = signatureControl;
