import { Button, Form, Input, InputNumber, Select, Space, Switch, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  CONTROL_DEFINITIONS,
  DECIMAL_PLACES_MAX,
  DECIMAL_PLACES_MIN,
  DEFAULT_DECIMAL_PLACES,
  identifyPattern,
  isControlType,
  patternEntry,
  patternLibrary,
  type PatternId,
} from '@park/core';
import {
  flagOf,
  optionsOf,
  patternRulesOf,
  requiredMessageOf,
  rulesOf,
  withPatternRules,
  withRequired,
  type PatternRule,
} from '../../../../controls/common/properties/edit.ts';
import type { CommonFields, SectionProps } from '../../../../controls/common/properties/types.ts';

const CUSTOM = 'custom';

/** Built-in formats of the typed inputs, which the runtime checks whatever the rules say. */
const BUILT_IN: Partial<Record<string, string>> = {
  input_mobile: '手机号码',
  input_tel: '固定电话',
  input_mail: '邮箱',
  input_postal: '邮政编码（6位数字）',
  input_website: '网址',
  input_number: '数字',
  input_int: '整数',
  input_long: '长整数',
};

/** 必填 with its message, and pattern rules picked from the library or typed as an expression. */
export function ValidationSection({ control, onChange, fields }: SectionProps & { fields: CommonFields }) {
  const required = flagOf(optionsOf(control).required) || rulesOf(control).some((r) => flagOf(r.required));
  const message = requiredMessageOf(control);
  const superseded = isControlType(control.type) ? CONTROL_DEFINITIONS[control.type].supersededPatterns : [];
  const rules = patternRulesOf(control, superseded);
  const setRules = (next: PatternRule[]) => onChange(withPatternRules(control, superseded, next));
  const builtIn = BUILT_IN[String(control.type)];
  return (
    <>
      <Form.Item label="必填" layout="horizontal" className="props-switch">
        <Switch size="small" aria-label="必填" checked={required} onChange={(v) => onChange(withRequired(control, v, message))} />
      </Form.Item>
      {required && (
        <Form.Item label="必填提示" help="留空时提示“请输入/请选择+标题”">
          <Input aria-label="必填提示" value={message} onChange={(e) => onChange(withRequired(control, true, e.target.value))} />
        </Form.Item>
      )}
      {builtIn && (
        <Typography.Text type="secondary" className="props-note">
          内置校验：{builtIn}格式，填写时自动校验
        </Typography.Text>
      )}
      {fields.patterns && (
        <Form.Item label="格式校验">
          <div className="props-rows">
            {rules.map((rule, index) => (
              <PatternRow
                key={index}
                index={index}
                rule={rule}
                onChange={(next) => setRules(rules.map((r, i) => (i === index ? next : r)))}
                onRemove={() => setRules(rules.filter((_, i) => i !== index))}
              />
            ))}
            <Button
              size="small"
              type="dashed"
              block
              icon={<PlusOutlined />}
              onClick={() => {
                const entry = patternEntry('mobile');
                setRules([...rules, { pattern: entry.pattern, message: entry.message }]);
              }}
            >
              添加校验规则
            </Button>
          </div>
        </Form.Item>
      )}
    </>
  );
}

function PatternRow({
  index,
  rule,
  onChange,
  onRemove,
}: {
  index: number;
  rule: PatternRule;
  onChange: (rule: PatternRule) => void;
  onRemove: () => void;
}) {
  const known = identifyPattern(rule.pattern);
  const kind = known?.id ?? CUSTOM;
  const pick = (id: PatternId | typeof CUSTOM) => {
    // A custom expression starts empty, so the row is no longer read as a library entry.
    if (id === CUSTOM) onChange({ pattern: '', message: rule.message });
    else {
      const entry = patternEntry(id);
      onChange({ pattern: entry.pattern, message: entry.message });
    }
  };
  return (
    <div className="props-pattern">
      <Space.Compact block>
        <Select
          size="small"
          aria-label={`校验规则${index + 1}`}
          value={kind}
          onChange={pick}
          options={[...patternLibrary().map((e) => ({ value: e.id, label: e.label })), { value: CUSTOM, label: '自定义正则' }]}
          style={{ flex: 1 }}
        />
        {kind === 'decimal' && (
          <InputNumber
            size="small"
            aria-label="小数位数"
            min={DECIMAL_PLACES_MIN}
            max={DECIMAL_PLACES_MAX}
            precision={0}
            value={known?.places ?? DEFAULT_DECIMAL_PLACES}
            suffix="位"
            style={{ width: 76 }}
            onChange={(v) => {
              const entry = patternEntry('decimal', v ?? DEFAULT_DECIMAL_PLACES);
              onChange({ pattern: entry.pattern, message: entry.message });
            }}
          />
        )}
        <Button size="small" icon={<DeleteOutlined />} aria-label={`删除校验规则${index + 1}`} onClick={onRemove} />
      </Space.Compact>
      {kind === CUSTOM && (
        <Input
          size="small"
          aria-label={`正则表达式${index + 1}`}
          placeholder="正则表达式，如 /^[A-Z]{2}\d{6}$/"
          value={rule.pattern}
          onChange={(e) => onChange({ ...rule, pattern: e.target.value })}
        />
      )}
      <Input
        size="small"
        aria-label={`校验提示${index + 1}`}
        placeholder="不匹配时的提示"
        value={rule.message}
        onChange={(e) => onChange({ ...rule, message: e.target.value })}
      />
    </div>
  );
}
