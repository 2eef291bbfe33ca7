import { Form, Input, InputNumber, Select } from 'antd';
import { BASE_PATH, isSafeJumpUrl, jumpFrameSandbox } from '@park/core';
import { BasicConfig } from '../shared/BasicConfig.tsx';
import { WidgetFrame, WidgetNote } from '../shared/WidgetFrame.tsx';
import type { WidgetConfigProps, WidgetRenderProps, WidgetUi } from '../types.ts';

/** innerType "0": an address; "1": another report of this system, shown without the top bar. */
export function innerPageSrc(widget: Record<string, unknown>): string {
  if (String(widget.innerType ?? '0') === '1') {
    const id = Number(widget.targetId);
    return Number.isInteger(id) && id > 0 ? `${BASE_PATH}/report/view/${id}?v_s=third` : '';
  }
  const src = String(widget.src ?? '').trim();
  return isSafeJumpUrl(src) ? src : '';
}

/** 内嵌页面: a page in a frame; a foreign one sandboxed so it can never act as the signed-in user. */
function InnerPageRenderer({ widget }: WidgetRenderProps) {
  const src = innerPageSrc(widget);
  return (
    <WidgetFrame widget={widget}>
      {src ? <iframe className="rw-inner" title={String(widget.style?.mainTitle || '内嵌页面')} src={src} sandbox={jumpFrameSandbox(src, window.location.origin) ?? undefined} /> : <WidgetNote text="请配置内嵌页面的地址" />}
    </WidgetFrame>
  );
}

function InnerPageConfig({ widget, onChange }: WidgetConfigProps) {
  const type = String(widget.innerType ?? '0');
  return (
    <BasicConfig widget={widget} onChange={onChange}>
      <Form.Item label="内嵌内容">
        <Select aria-label="内嵌内容" value={type} options={[{ value: '0', label: '页面地址' }, { value: '1', label: '其他报表' }]} onChange={(innerType: string) => onChange({ ...widget, innerType })} />
      </Form.Item>
      {type === '1' ? (
        <Form.Item label="报表ID">
          <InputNumber aria-label="报表ID" min={1} value={Number(widget.targetId) || null} onChange={(v) => onChange({ ...widget, targetId: v ? String(v) : '' }, 'target')} />
        </Form.Item>
      ) : (
        <Form.Item label="页面地址">
          <Input aria-label="页面地址" value={String(widget.src ?? '')} onChange={(e) => onChange({ ...widget, src: e.target.value }, 'src')} />
        </Form.Item>
      )}
    </BasicConfig>
  );
}

export const innerPageWidget: WidgetUi = { Renderer: InnerPageRenderer, Config: InnerPageConfig };
