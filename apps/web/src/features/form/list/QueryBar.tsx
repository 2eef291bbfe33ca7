import type { ComponentType } from 'react';
import { Button, Col, DatePicker, Input, InputNumber, Row, Select, Space, TimePicker } from 'antd';
import { ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import type { DateKind, QueryField, QueryInput, QueryValues } from '@park/core';

interface InputProps {
  field: QueryField;
  value: unknown;
  onChange(value: unknown): void;
}

/** Stored formats (DESIGN §4) in dayjs tokens: what the server compares as text. */
const DAYJS_FORMAT: Record<DateKind, string> = {
  date: 'YYYY-MM-DD',
  datetime: 'YYYY-MM-DD HH:mm:ss',
  year: 'YYYY',
  month: 'MM',
  year_month: 'YYYY-MM',
  time: 'HH:mm:ss',
};
const PICKER: Record<DateKind, 'date' | 'year' | 'month' | undefined> = {
  date: 'date',
  datetime: 'date',
  year: 'year',
  month: 'month',
  year_month: 'month',
  time: undefined,
};

const kindOf = (field: QueryField): DateKind => field.dateKind ?? 'date';
const toDay = (v: unknown, kind: DateKind): Dayjs | null =>
  typeof v === 'string' && v ? dayjs(v, DAYJS_FORMAT[kind]) : null;
const fromDay = (d: Dayjs | null | undefined, kind: DateKind): string => (d ? d.format(DAYJS_FORMAT[kind]) : '');
const pairOf = (v: unknown): [unknown, unknown] => (Array.isArray(v) ? [v[0], v[1]] : [null, null]);
const label = (field: QueryField) => field.label;

function TextInput({ field, value, onChange }: InputProps) {
  return (
    <Input
      aria-label={label(field)}
      placeholder={`请输入${field.label}`}
      allowClear
      value={typeof value === 'string' ? value : ''}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}

function NumberInput({ field, value, onChange }: InputProps) {
  return (
    <InputNumber
      aria-label={label(field)}
      placeholder={`请输入${field.label}`}
      style={{ width: '100%' }}
      value={typeof value === 'string' && value !== '' ? Number(value) : null}
      onChange={(v) => onChange(v === null ? '' : String(v))}
    />
  );
}

function SelectInput({ field, value, onChange }: InputProps) {
  return (
    <Select
      aria-label={label(field)}
      placeholder="全部"
      allowClear
      style={{ width: '100%' }}
      value={typeof value === 'string' && value !== '' ? value : undefined}
      options={field.options}
      onChange={(v: string | undefined) => onChange(v ?? '')}
    />
  );
}

function MultiSelectInput({ field, value, onChange }: InputProps) {
  return (
    <Select
      aria-label={label(field)}
      mode="multiple"
      placeholder="请选择"
      allowClear
      maxTagCount="responsive"
      style={{ width: '100%' }}
      value={Array.isArray(value) ? (value as string[]) : []}
      options={field.options}
      onChange={(v: string[]) => onChange(v)}
    />
  );
}

function DateInput({ field, value, onChange }: InputProps) {
  const kind = kindOf(field);
  if (kind === 'time')
    return (
      <TimePicker
        aria-label={label(field)}
        style={{ width: '100%' }}
        value={toDay(value, kind)}
        onChange={(d) => onChange(fromDay(d, kind))}
      />
    );
  return (
    <DatePicker
      aria-label={label(field)}
      style={{ width: '100%' }}
      picker={PICKER[kind]}
      showTime={kind === 'datetime'}
      format={DAYJS_FORMAT[kind]}
      value={toDay(value, kind)}
      onChange={(d) => onChange(fromDay(d, kind))}
    />
  );
}

function DateRangeInput({ field, value, onChange }: InputProps) {
  const kind = kindOf(field);
  const [b, e] = pairOf(value);
  const both: [Dayjs | null, Dayjs | null] = [toDay(b, kind), toDay(e, kind)];
  const change = (d: [Dayjs | null, Dayjs | null] | null) =>
    onChange(d ? [fromDay(d[0], kind), fromDay(d[1], kind)] : ['', '']);
  if (kind === 'time')
    return (
      <TimePicker.RangePicker
        aria-label={label(field)}
        style={{ width: '100%' }}
        value={both}
        allowEmpty={[true, true]}
        onChange={change}
      />
    );
  return (
    <DatePicker.RangePicker
      aria-label={label(field)}
      style={{ width: '100%' }}
      picker={PICKER[kind]}
      showTime={kind === 'datetime'}
      format={DAYJS_FORMAT[kind]}
      placeholder={['开始', '结束']}
      allowEmpty={[true, true]}
      value={both}
      onChange={change}
    />
  );
}

function NumberRangeInput({ field, value, onChange }: InputProps) {
  const [b, e] = pairOf(value);
  const num = (v: unknown) => (typeof v === 'string' && v !== '' ? Number(v) : null);
  const text = (v: number | string | null) => (v === null ? '' : String(v));
  return (
    <Space.Compact style={{ width: '100%' }}>
      <InputNumber
        aria-label={`${field.label}起`}
        placeholder="最小值"
        style={{ width: '50%' }}
        value={num(b)}
        onChange={(v) => onChange([text(v), e ?? ''])}
      />
      <InputNumber
        aria-label={`${field.label}止`}
        placeholder="最大值"
        style={{ width: '50%' }}
        value={num(e)}
        onChange={(v) => onChange([b ?? '', text(v)])}
      />
    </Space.Compact>
  );
}

/** One input per query kind (a typed map, exhaustive over core's QueryInput). */
const QUERY_INPUTS: Readonly<Record<QueryInput, ComponentType<InputProps>>> = {
  text: TextInput,
  number: NumberInput,
  select: SelectInput,
  multiSelect: MultiSelectInput,
  date: DateInput,
  dateRange: DateRangeInput,
  numberRange: NumberRangeInput,
};

/**
 * The query bar (spec 000 §2): the configured conditions in `columnCount` columns, then 查询 and
 * 重置. Values are held as the text the server compares; core builds the conditions.
 */
export function QueryBar({
  fields,
  columnCount,
  values,
  onChange,
  onSearch,
  onReset,
}: {
  fields: QueryField[];
  columnCount: number;
  values: QueryValues;
  onChange(key: string, value: unknown): void;
  onSearch(): void;
  onReset(): void;
}) {
  if (fields.length === 0) return null;
  const cell = 24 / columnCount;
  const span = (f: QueryField) => Math.min(24, Math.round(cell * f.span));
  return (
    <form
      className="list-query-bar"
      aria-label="查询条件"
      onSubmit={(e) => {
        e.preventDefault();
        onSearch();
      }}
    >
      <Row gutter={[16, 12]}>
        {fields.map((f) => {
          const Input = QUERY_INPUTS[f.input];
          return (
            <Col key={f.key} span={span(f)}>
              <div className="list-query-item" data-key={f.key}>
                <span className="list-query-label">{f.label}</span>
                <div className="list-query-input">
                  <Input field={f} value={values[f.key]} onChange={(v) => onChange(f.key, v)} />
                </div>
              </div>
            </Col>
          );
        })}
        <Col flex="auto" className="list-query-actions">
          <Space>
            <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
              查询
            </Button>
            <Button icon={<ReloadOutlined />} onClick={onReset}>
              重置
            </Button>
          </Space>
        </Col>
      </Row>
    </form>
  );
}
