import type { ComponentType } from 'react';
import { Button, Input, Select, Space, Switch } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { definitionOf, SUPERVISOR_LEVELS, traitsOfType, type FlowField, type Recipient } from '@park/core';
import { OrgSelect, RoleSelect, UserSelect } from './sources.tsx';

/** A switch field: its condition value is 'true' or 'false', chosen with a switch. */
const isSwitch = (field: FlowField | undefined): boolean =>
  field !== undefined && definitionOf({ type: field.type, options: {} })?.family === 'switch';

export type RecipientType = 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10;

export interface PickerProps {
  value: Recipient;
  onChange: (r: Recipient) => void;
  /** The form's fields (the trigger's, or the approval form's). */
  fields: readonly FlowField[];
}

/** Spec 001 §3.6: numeric fields compare; the others match or contain. */
const NUMERIC_OPTS = [
  { value: '$gt', label: '大于' },
  { value: '$gte', label: '大于等于' },
  { value: '$eq', label: '等于' },
  { value: '$lte', label: '小于等于' },
  { value: '$lt', label: '小于' },
];
const TEXT_OPTS = [
  { value: '$eq', label: '等于' },
  { value: '$like', label: '包含' },
];
export const LEADER_TEXT: Record<number, string> = { 1: '直接主管', 2: '第2级主管', 3: '第3级主管', 4: '第4级主管', 5: '第5级主管' };

function FieldPick({ fields, value, onChange, label }: { fields: readonly FlowField[]; value: string | undefined; onChange: (model: string) => void; label: string }) {
  return (
    <Select
      aria-label={label}
      placeholder="请选择表单中字段"
      style={{ width: 200 }}
      value={value || undefined}
      options={fields.map((f) => ({ value: f.model, label: f.name }))}
      onChange={onChange}
      notFoundContent="表单中没有可选的字段"
    />
  );
}

/** Rows of {something, role}: org + role (5), user field + role (6), department field + role (8), role (7). */
function RoleRows<T extends { roleId: string | number; roleName?: string }>({ rows, onChange, make, first }: {
  rows: T[];
  onChange: (rows: T[]) => void;
  make: () => T;
  first?: (row: T, set: (row: T) => void) => React.ReactNode;
}) {
  return (
    <div className="recipient-rows">
      {rows.map((row, i) => {
        const set = (next: T) => onChange(rows.map((r, j) => (j === i ? next : r)));
        return (
          <Space key={i} className="recipient-row">
            {first?.(row, set)}
            <RoleSelect multiple={false} value={row.roleId ? row : null} onChange={(r) => set({ ...row, ...r })} />
            <Button type="text" danger aria-label="删除" icon={<DeleteOutlined />} onClick={() => onChange(rows.filter((_, j) => j !== i))} />
          </Space>
        );
      })}
      <Button type="dashed" size="small" icon={<PlusOutlined />} onClick={() => onChange([...rows, make()])}>
        添加
      </Button>
    </div>
  );
}

const Nothing: ComponentType<PickerProps> = () => <p className="recipient-muted">由触发该流程的数据的创建人接收。</p>;

const People: ComponentType<PickerProps> = ({ value, onChange }) => {
  const person = value.person ?? [];
  const orgs = person.filter((p) => String(p.type) === '0');
  const users = person.filter((p) => String(p.type) !== '0');
  return (
    <Space orientation="vertical">
      <Space>
        <span className="recipient-label">组织</span>
        <OrgSelect multiple value={orgs.map((o) => Number(o.id))} onChange={(list) => onChange({ ...value, person: [...list.map((o) => ({ id: o.id, name: o.name, type: 0 })), ...users] })} width={320} />
      </Space>
      <Space>
        <span className="recipient-label">人员</span>
        <UserSelect value={users} onChange={(list) => onChange({ ...value, person: [...orgs, ...list.map((u) => ({ id: u.id, name: u.name, type: 1 }))] })} width={320} />
      </Space>
    </Space>
  );
};

const Conditions: ComponentType<PickerProps> = ({ value, onChange, fields }) => {
  const conds = value.conditions ?? [];
  const offered = fields.filter((f) => traitsOfType(f.type).recipientCondition);
  const set = (i: number, next: (typeof conds)[number]) => onChange({ ...value, conditions: conds.map((c, j) => (j === i ? next : c)) });
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      {conds.map((c, i) => {
        const f = offered.find((x) => x.model === c.key);
        return (
          <Space key={i} className="recipient-row">
            <span>条件组{i + 1}</span>
            <Select
              aria-label={`条件组${i + 1}字段`}
              placeholder="请选择字段"
              style={{ width: 160 }}
              value={c.key || undefined}
              options={offered.map((x) => ({ value: x.model, label: x.name }))}
              // §4: changing the field resets its operator and value; a switch starts false.
              onChange={(key: string) => {
                const nf = offered.find((x) => x.model === key);
                set(i, { key, name: nf?.name, type: nf?.type, opt: '', value: isSwitch(nf) ? 'false' : '' });
              }}
            />
            <Select aria-label={`条件组${i + 1}条件`} placeholder="请选择条件" style={{ width: 110 }} value={c.opt || undefined} options={f && traitsOfType(f.type).numberEntry ? NUMERIC_OPTS : TEXT_OPTS} onChange={(opt: string) => set(i, { ...c, opt })} />
            {isSwitch(f) ? (
              <Switch aria-label={`条件组${i + 1}值`} checked={String(c.value) === 'true'} onChange={(on) => set(i, { ...c, value: on ? 'true' : 'false' })} />
            ) : (
              <Input aria-label={`条件组${i + 1}值`} placeholder="请输入值" style={{ width: 160 }} value={String(c.value ?? '')} onChange={(e) => set(i, { ...c, value: e.target.value })} />
            )}
            <Button type="text" danger aria-label="删除条件组" icon={<DeleteOutlined />} onClick={() => onChange({ ...value, conditions: conds.filter((_, j) => j !== i) })} />
          </Space>
        );
      })}
      <Button type="dashed" size="small" icon={<PlusOutlined />} onClick={() => onChange({ ...value, conditions: [...conds, { key: '', opt: '', value: '' }] })}>
        添加条件组
      </Button>
      <div className="recipient-subtitle">满足全部条件时，以下人员接收：</div>
      <People value={value} onChange={onChange} fields={fields} />
      <Space>
        <span className="recipient-label">角色</span>
        <RoleSelect multiple value={value.role ?? []} onChange={(role) => onChange({ ...value, role })} width={320} />
      </Space>
    </Space>
  );
};

/** Rows of {a form field naming whom, role}: 6 (a user field), 8 (an org field), 10 (a company field). */
function fieldAndRole(label: string, key: 'dyncUserAndRole' | 'dyncOrgAndRole' | 'dyncCompanyAndRole', fieldLabel: string, names: 'user' | 'org' | 'company'): { label: string; Picker: ComponentType<PickerProps> } {
  return {
    label,
    Picker: ({ value, onChange, fields }) => (
      <RoleRows
        rows={value[key] ?? []}
        onChange={(rows) => onChange({ ...value, [key]: rows })}
        make={() => ({ model: '', roleId: '', roleName: '' })}
        first={(row, set) => <FieldPick label={fieldLabel} fields={fields.filter((f) => traitsOfType(f.type).names === names)} value={row.model} onChange={(model) => set({ ...row, model })} />}
      />
    ),
  };
}

/**
 * The recipient types of spec 001 §3.4, exhaustively (10 is ours, ADR 0068): each its label and its picker. Changing
 * the type clears every selection (§4), so a picker only ever sees its own fields.
 */
export const RECIPIENT_TYPES: Record<RecipientType, { label: string; Picker: ComponentType<PickerProps> }> = {
  0: { label: '角色', Picker: ({ value, onChange }) => <RoleSelect multiple value={value.role ?? []} onChange={(role) => onChange({ ...value, role })} width={360} /> },
  1: { label: '指定人员', Picker: People },
  2: {
    label: '主管',
    Picker: ({ value, onChange }) => (
      <Select
        aria-label="主管级别"
        placeholder="请选择主管"
        style={{ width: 200 }}
        value={value.leader ? Number(value.leader) : undefined}
        options={SUPERVISOR_LEVELS.map((l) => ({ value: l, label: `发起人的${LEADER_TEXT[l]}` }))}
        onChange={(leader: number) => onChange({ ...value, leader })}
      />
    ),
  },
  3: { label: '发起人', Picker: Nothing },
  4: {
    label: '表单中的人员',
    Picker: ({ value, onChange, fields }) => <FieldPick label="表单字段" fields={fields.filter((f) => traitsOfType(f.type).names === 'user')} value={value.model} onChange={(model) => onChange({ ...value, model })} />,
  },
  5: {
    label: '组织+角色',
    Picker: ({ value, onChange }) => (
      <RoleRows
        rows={value.orgAndRole ?? []}
        onChange={(orgAndRole) => onChange({ ...value, orgAndRole })}
        make={() => ({ orgId: '', orgName: '', roleId: '', roleName: '' })}
        first={(row, set) => <OrgSelect value={row.orgId ? [Number(row.orgId)] : []} onChange={(list) => set({ ...row, orgId: list[0]?.id ?? '', orgName: list[0]?.name ?? '' })} />}
      />
    ),
  },
  6: fieldAndRole('表单中人员所在组织+角色', 'dyncUserAndRole', '人员字段', 'user'),
  7: {
    label: '发起人部门+角色',
    Picker: ({ value, onChange }) => (
      <RoleRows rows={value.cuserOrgAndRole ?? []} onChange={(cuserOrgAndRole) => onChange({ ...value, cuserOrgAndRole })} make={() => ({ roleId: '', roleName: '' })} />
    ),
  },
  8: fieldAndRole('表单中部门+角色', 'dyncOrgAndRole', '部门字段', 'org'),
  9: { label: '条件+接收人', Picker: Conditions },
  // The company a record names (e.g. 收货企业): its own users who hold the role approve, not the park's (ADR 0068).
  10: fieldAndRole('表单中企业+角色', 'dyncCompanyAndRole', '企业字段', 'company'),
};

/** A recipient with nothing chosen (spec 001 §4: what a type change leaves). */
export function emptyRecipient(type: RecipientType): Recipient {
  return { type, leader: null, model: '', role: [], person: [], orgAndRole: [], dyncUserAndRole: [], dyncOrgAndRole: [], dyncCompanyAndRole: [], cuserOrgAndRole: [], conditions: [] };
}

/** One line saying who receives (the message action's summary). */
export function recipientSummary(r: Recipient | undefined): string {
  if (!r) return '未设置';
  const type = RECIPIENT_TYPES[r.type as RecipientType];
  if (!type) return '未设置';
  const names = [...(r.person ?? []).map((p) => p.name ?? String(p.id)), ...(r.role ?? []).map((x) => x.roleName ?? String(x.roleId))];
  if (r.type === 2 && r.leader) return `发起人的${LEADER_TEXT[Number(r.leader)] ?? ''}`;
  return names.length > 0 ? `${type.label}：${names.join('、')}` : type.label;
}
