import { Button, Input, Select, Space, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { chainText, controlsOthers, relatedListOf, relationCandidates, relationChains, subTableChildren, type ControlSource } from '@park/core';
import { optionsOf, textOf, withOption } from '../common/properties/edit.ts';
import { rowsOf } from '../common/properties/RowsEditor.tsx';
import type { SectionProps } from '../common/properties/types.ts';

/** The controls of the table the selected control belongs to. */
export function sourceOf({ meta, parentTable }: Pick<SectionProps, 'meta' | 'parentTable'>): ControlSource {
  return parentTable ? subTableChildren(parentTable) : meta;
}

/**
 * The static options: value, label and, for radio and select, the controls each option shows
 * (relatedList), followed by the preview of the chains those relations make.
 */
export function OptionsList(props: SectionProps) {
  const { control, onChange } = props;
  const options = rowsOf(optionsOf(control).options);
  const relates = controlsOthers(control);
  const source = sourceOf(props);
  const candidates = relates ? relationCandidates(source, control) : [];
  const set = (next: Record<string, unknown>[]) => onChange(withOption(control, 'options', next));
  const patch = (index: number, change: Record<string, unknown>) => set(options.map((o, i) => (i === index ? { ...o, ...change } : o)));
  const chains = relates ? relationChains(source, control).flatMap((o) => o.chains) : [];
  return (
    <div className="props-rows" aria-label="选项列表">
      {options.map((option, index) => (
        <div key={index} className="props-option">
          <Space.Compact block>
            <Input
              size="small"
              aria-label={`选项${index + 1}值`}
              placeholder="值"
              value={textOf(option.value)}
              onChange={(e) => patch(index, { value: e.target.value })}
            />
            <Input
              size="small"
              aria-label={`选项${index + 1}名称`}
              placeholder="显示名称"
              value={textOf(option.label)}
              onChange={(e) => patch(index, { label: e.target.value })}
            />
            <Button size="small" icon={<DeleteOutlined />} aria-label={`删除选项${index + 1}`} onClick={() => set(options.filter((_, i) => i !== index))} />
          </Space.Compact>
          {relates && (
            <Select
              size="small"
              mode="multiple"
              aria-label={`选项${index + 1}显示的控件`}
              placeholder="选中时显示的控件"
              value={relatedListOf(option)}
              options={candidates.map((c) => ({ value: c.key, label: c.name }))}
              optionFilterProp="label"
              onChange={(keys: string[]) => patch(index, { relatedList: keys })}
              style={{ width: '100%' }}
            />
          )}
        </div>
      ))}
      <Button
        size="small"
        type="dashed"
        block
        icon={<PlusOutlined />}
        onClick={() => {
          const label = `选项${options.length + 1}`;
          set([...options, relates ? { value: label, label, relatedList: [] } : { value: label, label }]);
        }}
      >
        添加选项
      </Button>
      {relates && (
        <div className="props-chains" aria-label="联动预览">
          <Typography.Text type="secondary">联动预览</Typography.Text>
          {chains.length === 0 ? (
            <div className="props-chain-empty">没有选项联动其他控件；被联动的控件只在对应选项选中时显示</div>
          ) : (
            chains.map((chain, i) => (
              <div key={i} className="props-chain">
                {chainText(chain)}
              </div>
            ))
          )}
        </div>
      )}
    </div>
  );
}
