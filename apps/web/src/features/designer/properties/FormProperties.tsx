import { ColorPicker, Form, Input, InputNumber, Radio, Select, Switch } from 'antd';
import { useQuery } from '@tanstack/react-query';
import type { FormConfig } from '@park/core';
import { queryThemeByType, THEME_QUERY_KEY } from '../../../lib/themes.ts';
import { flagOf, numberOf, textOf } from '../../../controls/common/properties/edit.ts';
import type { FormPropertyPanelProps } from '../../../controls/common/properties/types.ts';

const BORDER_STYLES = [
  { value: 'solid', label: '实线' },
  { value: 'dashed', label: '虚线' },
  { value: 'dotted', label: '点线' },
  { value: 'double', label: '双线' },
];

/** The form's look (spec 000 §3 config), with the runtime's defaults shown as placeholders. */
export function FormProperties({ config, onChange }: FormPropertyPanelProps) {
  const set = (name: keyof FormConfig & string, value: unknown) => onChange({ ...config, [name]: value });
  const bordered = flagOf(config.isBorder);
  // 主题 (issue 40): the form themes (type 0) saved on the 主题 screen or by other designers.
  const themes = useQuery({ queryKey: [...THEME_QUERY_KEY, 0], queryFn: ({ signal }) => queryThemeByType({ pageNum: 1, pageSize: 100, type: 0 }, signal) });
  const themeId = numberOf(config.themeId);
  return (
    <Form layout="vertical" size="small" component="div" className="designer-props" aria-label="表单属性">
      <Form.Item label="主题">
        <Select
          aria-label="主题"
          allowClear
          placeholder="默认主题"
          value={themeId ?? undefined}
          options={(themes.data?.datas ?? []).map((t) => ({ value: t.id, label: t.themeName }))}
          onChange={(v: number | undefined) => set('themeId', v ?? '')}
        />
      </Form.Item>
      <Form.Item label="标签宽度(px)">
        <InputNumber aria-label="标签宽度" min={40} max={400} precision={0} placeholder="100" value={numberOf(config.labelWidth)} style={{ width: '100%' }} onChange={(v) => set('labelWidth', v ?? '')} />
      </Form.Item>
      <Form.Item label="标签位置">
        <Radio.Group
          size="small"
          optionType="button"
          value={textOf(config.labelPosition) || 'right'}
          options={[
            { value: 'left', label: '左对齐' },
            { value: 'right', label: '右对齐' },
            { value: 'top', label: '顶部' },
          ]}
          onChange={(e) => set('labelPosition', e.target.value)}
        />
      </Form.Item>
      <Form.Item label="组件尺寸">
        <Radio.Group
          size="small"
          optionType="button"
          value={{ mini: 'small', medium: 'default', middle: 'default' }[textOf(config.size)] ?? (textOf(config.size) || 'default')}
          options={[
            { value: 'large', label: '大' },
            { value: 'default', label: '中' },
            { value: 'small', label: '小' },
          ]}
          onChange={(e) => set('size', e.target.value)}
        />
      </Form.Item>
      <Form.Item label="标签后缀" help="如“：”，显示在每个标签之后">
        <Input aria-label="标签后缀" value={textOf(config.labelSuffix)} maxLength={4} onChange={(e) => set('labelSuffix', e.target.value)} />
      </Form.Item>
      <Form.Item label="显示边框" layout="horizontal" className="props-switch">
        <Switch size="small" aria-label="显示边框" checked={bordered} onChange={(v) => set('isBorder', v)} />
      </Form.Item>
      {bordered && (
        <>
          <Form.Item label="边框颜色">
            <ColorPicker
              size="small"
              showText
              value={textOf(config.borderColor) || '#dcdfe6'}
              onChangeComplete={(c) => set('borderColor', c.toHexString())}
            />
          </Form.Item>
          <Form.Item label="边框宽度(px)">
            <InputNumber aria-label="边框宽度" min={0} max={10} precision={0} placeholder="1" value={numberOf(config.borderWidth)} style={{ width: '100%' }} onChange={(v) => set('borderWidth', v ?? '')} />
          </Form.Item>
          <Form.Item label="边框样式">
            <Select aria-label="边框样式" value={textOf(config.borderStyle) || 'solid'} options={BORDER_STYLES} onChange={(v: string) => set('borderStyle', v)} />
          </Form.Item>
        </>
      )}
    </Form>
  );
}
