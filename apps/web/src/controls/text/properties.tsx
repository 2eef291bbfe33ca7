import { Form, Input } from 'antd';
import { optionsOf, textOf, withOption } from '../common/properties/edit.ts';
import { OptionNumber, OptionSelect } from '../common/properties/fields.tsx';
import type { PropertySection, SectionProps } from '../common/properties/types.ts';

function DefaultText({ control, onChange }: SectionProps) {
  return (
    <Form.Item label="默认值">
      <Input aria-label="默认值" value={textOf(optionsOf(control).defaultValue)} onChange={(e) => onChange(withOption(control, 'defaultValue', e.target.value))} />
    </Form.Item>
  );
}

/** input's dataType: the runtime checks number, integer, float, email and url values. */
const DATA_TYPES = [
  { value: 'string', label: '文本' },
  { value: 'number', label: '数字' },
  { value: 'integer', label: '整数' },
  { value: 'float', label: '小数' },
  { value: 'email', label: '邮箱' },
  { value: 'url', label: '网址' },
];

function InputOptions(props: SectionProps) {
  return (
    <>
      <DefaultText {...props} />
      <OptionSelect {...props} name="dataType" label="数据类型" choices={DATA_TYPES} fallback="string" />
    </>
  );
}

function TextareaOptions(props: SectionProps) {
  const { control, onChange } = props;
  return (
    <>
      <Form.Item label="默认值">
        <Input.TextArea aria-label="默认值" rows={2} value={textOf(optionsOf(control).defaultValue)} onChange={(e) => onChange(withOption(control, 'defaultValue', e.target.value))} />
      </Form.Item>
      <OptionNumber {...props} name="rows" label="行数" min={1} max={30} precision={0} placeholder="5" />
    </>
  );
}

/** The static text control shows its defaultValue as the text. */
function StaticText({ control, onChange }: SectionProps) {
  return (
    <Form.Item label="文字内容">
      <Input.TextArea aria-label="文字内容" rows={3} value={textOf(optionsOf(control).defaultValue)} onChange={(e) => onChange(withOption(control, 'defaultValue', e.target.value))} />
    </Form.Item>
  );
}

export const inputSections: PropertySection[] = [{ key: 'input', title: '输入设置', Body: InputOptions }];
export const textareaSections: PropertySection[] = [{ key: 'textarea', title: '输入设置', Body: TextareaOptions }];
export const typedInputSections: PropertySection[] = [{ key: 'default', title: '默认值', Body: DefaultText }];
export const staticTextSections: PropertySection[] = [{ key: 'text', title: '文字', Body: StaticText }];
