import { Button, Dropdown } from 'antd';
import { DownOutlined } from '@ant-design/icons';
import type { FlowField } from '@park/core';

/** Inserts a trigger record's field as a variable (${model}, spec 001 §3.3). */
export function VariableMenu({ fields, onPick, label = '插入变量' }: { fields: readonly FlowField[]; onPick: (variable: string) => void; label?: string }) {
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: fields.length > 0 ? fields.map((f) => ({ key: f.model, label: `${f.name}（${f.model}）` })) : [{ key: '', label: '触发表单没有字段', disabled: true }],
        onClick: ({ key }) => key && onPick(`\${${key}}`),
        style: { maxHeight: 320, overflow: 'auto' },
      }}
    >
      <Button size="small">
        {label} <DownOutlined />
      </Button>
    </Dropdown>
  );
}
