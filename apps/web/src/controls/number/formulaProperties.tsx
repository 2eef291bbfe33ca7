import { Alert, Button, Form, InputNumber, Select, Space, Typography } from 'antd';
import { ClearOutlined, RollbackOutlined } from '@ant-design/icons';
import {
  DEFAULT_DECIMALS,
  FORMULA_OPERATORS,
  FORMULA_TYPE_LABELS,
  formulaDisplay,
  formulaFields,
  formulaProblems,
  formulaTokens,
  formulaTypeOf,
  refToken,
} from '@park/core';
import { sourceOf } from '../choice/OptionsList.tsx';
import { nestedOf, numberOf, withNested } from '../common/properties/edit.ts';
import type { PropertySection, SectionProps } from '../common/properties/types.ts';

const DIGITS = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '0', '.'];

/**
 * The formula builder: fields by display name, operators and digits are pushed as tokens (the
 * stored exp), the expression is shown as the administrator reads it, and the runtime's parser
 * says what is wrong, naming a field that does not exist.
 */
function FormulaBuilder(props: SectionProps) {
  const { control, onChange } = props;
  const formula = nestedOf(control, 'formula');
  const type = formulaTypeOf(control);
  const dateKind = type !== 'number' && FORMULA_TYPE_LABELS.some((t) => t.value === type);
  const source = sourceOf(props);
  const fields = formulaFields(source, control, dateKind ? type : 'number');
  const tokens = formulaTokens(formula.exp);
  const setTokens = (next: string[]) => onChange(withNested(control, 'formula', { exp: next }));
  const push = (token: string) => setTokens([...tokens, token]);
  const problems = formulaProblems(control, source);
  return (
    <>
      <Form.Item label="计算类型">
        <Select
          aria-label="计算类型"
          value={type}
          options={FORMULA_TYPE_LABELS.map((t) => ({ value: t.value, label: t.label }))}
          onChange={(v: string) => onChange(withNested(control, 'formula', { type: v, exp: [] }))}
        />
      </Form.Item>
      <Form.Item label="公式" help={dateKind ? '日期类计算只能是两个字段相减：A − B' : undefined}>
        <div className="props-formula-text" aria-label="公式内容">
          {tokens.length === 0 ? <span className="props-muted">点击下方字段和运算符编辑公式</span> : formulaDisplay(tokens, fields)}
        </div>
        {problems.length > 0 && <Alert type="error" showIcon className="props-below" title={problems.join('；')} />}
      </Form.Item>
      <Form.Item label="字段">
        <Space size={[4, 4]} wrap>
          {fields.length === 0 && <Typography.Text type="secondary">{dateKind ? '没有同类型的日期字段' : '没有数值字段（计数器、数字、滑块、计算公式）'}</Typography.Text>}
          {fields.map((f) => (
            <Button key={f.model} size="small" autoInsertSpace={false} onClick={() => push(refToken(f.model))} title={f.model}>
              {f.name}
            </Button>
          ))}
        </Space>
      </Form.Item>
      <Form.Item label="运算符">
        <Space size={[4, 4]} wrap>
          {FORMULA_OPERATORS.filter((o) => !dateKind || o.token === '-').map((o) => (
            <Button key={o.token} size="small" aria-label={`运算符${o.label}`} onClick={() => push(o.token)} className="props-op">
              {o.label}
            </Button>
          ))}
          {!dateKind &&
            DIGITS.map((d) => (
              <Button key={d} size="small" onClick={() => push(d)} className="props-op">
                {d}
              </Button>
            ))}
          <Button size="small" icon={<RollbackOutlined />} onClick={() => setTokens(tokens.slice(0, -1))} disabled={tokens.length === 0}>
            退格
          </Button>
          <Button size="small" icon={<ClearOutlined />} onClick={() => setTokens([])} disabled={tokens.length === 0}>
            清空
          </Button>
        </Space>
      </Form.Item>
      {!dateKind && (
        <Form.Item label="小数位数">
          <InputNumber
            aria-label="小数位数"
            min={0}
            max={10}
            precision={0}
            value={numberOf(formula.decimal) ?? DEFAULT_DECIMALS}
            onChange={(v) => onChange(withNested(control, 'formula', { decimal: v ?? DEFAULT_DECIMALS }))}
          />
        </Form.Item>
      )}
    </>
  );
}

export const formulaSections: PropertySection[] = [{ key: 'formula', title: '计算公式', Body: FormulaBuilder }];
