import { Form, InputNumber, Space } from 'antd';
import { flagOf, numberOf, optionsOf, withOption } from '../common/properties/edit.ts';
import { OptionNumber, OptionSwitch } from '../common/properties/fields.tsx';
import type { PropertySection, SectionProps } from '../common/properties/types.ts';

function DefaultNumber({ control, onChange, integer }: SectionProps & { integer?: boolean }) {
  return (
    <Form.Item label="默认值">
      <InputNumber
        aria-label="默认值"
        style={{ width: '100%' }}
        precision={integer ? 0 : undefined}
        value={numberOf(optionsOf(control).defaultValue)}
        onChange={(v) => onChange(withOption(control, 'defaultValue', v ?? ''))}
      />
    </Form.Item>
  );
}

function Bounds(props: SectionProps) {
  return (
    <Space.Compact block className="props-pair">
      <OptionNumber {...props} name="min" label="最小值" />
      <OptionNumber {...props} name="max" label="最大值" />
    </Space.Compact>
  );
}

/** 计数器: the widget itself keeps the value within min and max, stepping by step. */
function CounterOptions(props: SectionProps) {
  return (
    <>
      <DefaultNumber {...props} />
      <Bounds {...props} />
      <OptionNumber {...props} name="step" label="步长" min={0} placeholder="1" />
    </>
  );
}

/** The typed numbers check min and max only when enableMinMax is on (spec 000 §5). */
function TypedNumberOptions(props: SectionProps) {
  const integer = props.control.type !== 'input_number';
  const enabled = flagOf(optionsOf(props.control).enableMinMax);
  return (
    <>
      <DefaultNumber {...props} integer={integer} />
      <OptionSwitch {...props} name="enableMinMax" label="限制取值范围" help={enabled ? '超出范围提示“请输入{最小值}到{最大值}之间的数字”' : undefined} />
      {enabled && <Bounds {...props} />}
      <OptionNumber {...props} name="step" label="步长" min={0} placeholder="1" />
    </>
  );
}

function SliderOptions(props: SectionProps) {
  const { control, onChange } = props;
  const range = flagOf(optionsOf(control).range);
  const preset = optionsOf(control).defaultValue;
  const ends = Array.isArray(preset) ? preset.map(numberOf) : [null, null];
  return (
    <>
      <Space.Compact block className="props-pair">
        <OptionNumber {...props} name="min" label="最小值" placeholder="0" />
        <OptionNumber {...props} name="max" label="最大值" placeholder="100" />
      </Space.Compact>
      <OptionNumber {...props} name="step" label="步长" min={0} placeholder="1" />
      <OptionSwitch {...props} name="range" label="范围选择" />
      {!range && <OptionSwitch {...props} name="showInput" label="显示输入框" />}
      {range ? (
        <Form.Item label="默认范围">
          <Space.Compact block>
            {[0, 1].map((i) => (
              <InputNumber
                key={i}
                aria-label={i === 0 ? '默认起点' : '默认终点'}
                value={ends[i] ?? null}
                style={{ width: '50%' }}
                onChange={(v) => {
                  const next = [ends[0] ?? null, ends[1] ?? null];
                  next[i] = v;
                  onChange(withOption(control, 'defaultValue', next.every((n) => n !== null) ? next : ''));
                }}
              />
            ))}
          </Space.Compact>
        </Form.Item>
      ) : (
        <DefaultNumber {...props} />
      )}
    </>
  );
}

export const counterSections: PropertySection[] = [{ key: 'number', title: '数值设置', Body: CounterOptions }];
export const typedNumberSections: PropertySection[] = [{ key: 'number', title: '数值设置', Body: TypedNumberOptions }];
export const sliderSections: PropertySection[] = [{ key: 'slider', title: '滑块设置', Body: SliderOptions }];
