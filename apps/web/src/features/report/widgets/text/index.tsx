import { Form, Input } from 'antd';
import { BasicConfig } from '../shared/BasicConfig.tsx';
import { WidgetFrame } from '../shared/WidgetFrame.tsx';
import type { WidgetConfigProps, WidgetRenderProps, WidgetUi } from '../types.ts';

/** 文本控件: plain text, kept as typed (line breaks included); never HTML. */
function TextRenderer({ widget }: WidgetRenderProps) {
  return (
    <WidgetFrame widget={widget}>
      <div className="rw-text">{String(widget.content ?? '')}</div>
    </WidgetFrame>
  );
}

function TextConfig({ widget, onChange }: WidgetConfigProps) {
  return (
    <BasicConfig widget={widget} onChange={onChange}>
      <Form.Item label="文本内容">
        <Input.TextArea aria-label="文本内容" rows={5} maxLength={5000} value={String(widget.content ?? '')} onChange={(e) => onChange({ ...widget, content: e.target.value }, 'content')} />
      </Form.Item>
    </BasicConfig>
  );
}

export const textWidget: WidgetUi = { Renderer: TextRenderer, Config: TextConfig };
