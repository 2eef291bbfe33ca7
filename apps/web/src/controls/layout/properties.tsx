import { Button, Form, InputNumber, Space } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { isRecord, numberOf, withField } from '../common/properties/edit.ts';
import { OptionNumber, OptionSelect } from '../common/properties/fields.tsx';
import type { PropertySection, SectionProps } from '../common/properties/types.ts';

const JUSTIFY = [
  { value: 'start', label: '左对齐' },
  { value: 'center', label: '居中' },
  { value: 'end', label: '右对齐' },
  { value: 'space-between', label: '两端对齐' },
  { value: 'space-around', label: '分散对齐' },
];
const ALIGN = [
  { value: 'top', label: '顶部' },
  { value: 'middle', label: '居中' },
  { value: 'bottom', label: '底部' },
];

/** Column spans of the 24-part grid; a column that still holds controls cannot be removed here. */
function Columns({ control, onChange }: SectionProps) {
  const columns = Array.isArray(control.columns) ? control.columns.filter(isRecord) : [];
  const total = columns.reduce((sum, c) => sum + (numberOf(c.span) ?? 0), 0);
  const set = (next: typeof columns) => onChange(withField(control, 'columns', next));
  return (
    <Form.Item label="列" help={total > 24 ? `列宽合计 ${total}，超过 24 时会换行` : '每行共 24 份'}>
      <div className="props-rows">
        {columns.map((column, i) => {
          const filled = Array.isArray(column.list) && column.list.length > 0;
          return (
            <Space.Compact key={i} block>
              <span className="props-addon">第{i + 1}列</span>
              <InputNumber
                size="small"
                aria-label={`第${i + 1}列宽度`}
                min={1}
                max={24}
                precision={0}
                value={numberOf(column.span) ?? 12}
                onChange={(v) => set(columns.map((c, j) => (j === i ? { ...c, span: v ?? 12 } : c)))}
                style={{ flex: 1 }}
              />
              <Button
                size="small"
                icon={<DeleteOutlined />}
                aria-label={`删除第${i + 1}列`}
                disabled={filled || columns.length <= 1}
                title={filled ? '请先移出该列中的控件' : undefined}
                onClick={() => set(columns.filter((_, j) => j !== i))}
              />
            </Space.Compact>
          );
        })}
        <Button size="small" type="dashed" block icon={<PlusOutlined />} onClick={() => set([...columns, { span: 12, list: [] }])}>
          添加列
        </Button>
      </div>
    </Form.Item>
  );
}

function GridOptions(props: SectionProps) {
  return (
    <>
      <Columns {...props} />
      <OptionNumber {...props} name="gutter" label="栅格间隔" min={0} max={64} precision={0} placeholder="0" />
      <OptionSelect {...props} name="justify" label="水平排列" choices={JUSTIFY} fallback="start" />
      <OptionSelect {...props} name="align" label="垂直排列" choices={ALIGN} fallback="top" />
    </>
  );
}

export const gridSections: PropertySection[] = [{ key: 'grid', title: '栅格布局', Body: GridOptions }];
