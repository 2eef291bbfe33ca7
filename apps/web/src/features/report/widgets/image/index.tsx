import { Form, Input, Select } from 'antd';
import { IMAGE_FITS, isSafeJumpUrl } from '@park/core';
import { BasicConfig } from '../shared/BasicConfig.tsx';
import { WidgetFrame, WidgetNote } from '../shared/WidgetFrame.tsx';
import type { WidgetConfigProps, WidgetRenderProps, WidgetUi } from '../types.ts';

/** 图片: an address of this system or an http(s) one, fitted by fill, contain, cover, none or scale-down. */
function ImageRenderer({ widget }: WidgetRenderProps) {
  const url = String(widget.imageUrl ?? '').trim();
  const fit = (IMAGE_FITS as readonly string[]).includes(String(widget.style?.fit)) ? String(widget.style?.fit) : 'fill';
  return (
    <WidgetFrame widget={widget}>
      {url && isSafeJumpUrl(url) ? <img className="rw-image" src={url} alt={String(widget.style?.mainTitle ?? '图片')} style={{ objectFit: fit as React.CSSProperties['objectFit'] }} /> : <WidgetNote text="暂无" />}
    </WidgetFrame>
  );
}

function ImageConfig({ widget, onChange }: WidgetConfigProps) {
  return (
    <BasicConfig widget={widget} onChange={onChange}>
      <Form.Item label="图片地址" extra="本系统的文件地址（/api/file/image/…）或 http(s) 地址">
        <Input aria-label="图片地址" value={String(widget.imageUrl ?? '')} onChange={(e) => onChange({ ...widget, imageUrl: e.target.value }, 'imageUrl')} />
      </Form.Item>
      <Form.Item label="填充方式">
        <Select aria-label="填充方式" value={String(widget.style?.fit ?? 'fill')} options={IMAGE_FITS.map((f) => ({ value: f, label: f }))} onChange={(fit: string) => onChange({ ...widget, style: { ...widget.style, fit } })} />
      </Form.Item>
    </BasicConfig>
  );
}

export const imageWidget: WidgetUi = { Renderer: ImageRenderer, Config: ImageConfig };
