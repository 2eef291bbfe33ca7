import { AutoComplete, Form, Input, Radio } from 'antd';
import { numberOf, optionsOf, textOf, withOption, withOptions } from '../common/properties/edit.ts';
import { OptionSwitch } from '../common/properties/fields.tsx';
import type { PropertySection, SectionProps } from '../common/properties/types.ts';
import { valueFormatOf, type DateKind } from '@park/core';

/** Usual value formats per kind (element-ui tokens, as designs store them). */
const FORMATS: Record<DateKind, string[]> = {
  year: ['yyyy', 'yyyy年'],
  month: ['MM', 'M月'],
  year_month: ['yyyy-MM', 'yyyy年MM月', 'yyyy/MM'],
  date: ['yyyy-MM-dd', 'yyyy/MM/dd', 'yyyy年MM月dd日'],
  datetime: ['yyyy-MM-dd HH:mm:ss', 'yyyy/MM/dd HH:mm:ss'],
  time: ['HH:mm:ss', 'HH:mm'],
};

function kindOf(type: string): DateKind {
  return (Object.keys(FORMATS) as DateKind[]).find((k) => k === type) ?? 'date';
}

function DateOptions(props: SectionProps) {
  const { control, onChange } = props;
  const kind = kindOf(String(control.type));
  const options = optionsOf(control);
  const format = textOf(options.format);
  const effective = valueFormatOf(control, kind);
  const current = numberOf(options.defaultType) === 1;
  const range = kind === 'time' && options.isRange !== undefined && options.isRange !== false && options.isRange !== 'false';
  return (
    <>
      <Form.Item
        label="格式"
        validateStatus={format !== '' && format !== effective ? 'warning' : undefined}
        help={format !== '' && format !== effective ? `该格式不适用，实际使用 ${effective}` : 'yyyy 年，MM 月，dd 日，HH 时，mm 分，ss 秒'}
      >
        <AutoComplete
          aria-label="格式"
          value={format}
          placeholder={effective}
          options={FORMATS[kind].map((f) => ({ value: f }))}
          onChange={(v: string) => onChange(withOption(control, 'format', v))}
        />
      </Form.Item>
      {kind === 'time' && <OptionSwitch {...props} name="isRange" label="时间范围" />}
      {kind !== 'time' && <OptionSwitch {...props} name="timestamp" label="保存为时间戳" />}
      {!range && (
        <Form.Item label="默认值">
          <Radio.Group
            size="small"
            optionType="button"
            value={current ? 1 : 0}
            options={[
              { value: 0, label: '固定值' },
              { value: 1, label: kind === 'time' ? '当前时间' : '当前日期' },
            ]}
            onChange={(e) => onChange(withOptions(control, { defaultType: e.target.value, ...(e.target.value === 1 ? { defaultValue: '' } : {}) }))}
          />
          {!current && (
            <Input
              aria-label="默认值"
              className="props-below"
              value={textOf(options.defaultValue)}
              placeholder={`按格式填写，如 ${effective}`}
              onChange={(e) => onChange(withOption(control, 'defaultValue', e.target.value))}
            />
          )}
        </Form.Item>
      )}
      <OptionSwitch {...props} name="clearable" label="可清空" fallback />
      <OptionSwitch {...props} name="editable" label="可手动输入" fallback />
      <OptionSwitch {...props} name="readonly" label="只读" />
    </>
  );
}

export const dateSections: PropertySection[] = [{ key: 'date', title: '日期设置', Body: DateOptions }];
