import { Button, Card, Checkbox, Input, Radio, Select, Space, Table, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { cleanQrChild, QR_COND_OPTS, type QrCond, type QrEditChild, type QrEntry, type QrQueryChild, type QrSubField } from '@park/core';

/*
 * A 查看/编辑 entry's sub-tables (screens-round3 §6.1, the original's QrCodeSetting): for 编辑, 新增
 * (单新增/多新增), 编辑 and 查看 (不可见/可见); for both, each column's 字段权限 and the 数据权限 that
 * picks the rows the code shows (and, on 编辑, the rows it may change). Stored in the original's
 * child shape; the server enforces the same rules (core qrSubTableRules).
 */

export interface SubTableInfo {
  subKey: string;
  name: string;
  fields: Array<{ key: string; name: string; numeric: boolean }>;
}

type Access = 'hidden' | 'read' | 'edit';
const emptyCond = (): QrCond => ({ type: 'and', conds: [] });

/** A sub-table not set yet: nothing through the code (what the server assumes without a child). */
function newEditChild(subKey: string): QrEditChild {
  return { subKey, add: { isAllow: false, type: 'single', contents: [] }, edit: { isAllow: false, contents: [], cond: emptyCond() }, query: { isAllow: true, type: '0', contents: [], cond: emptyCond() } };
}

/** 数据权限: rows of field, operator and value, joined by 与/或 (one group of the original's shape). */
function CondEditor({ label, cond, fields, onChange }: { label: string; cond: QrCond; fields: SubTableInfo['fields']; onChange: (c: QrCond) => void }) {
  const group = cond.conds[0] ?? { type: 'and' as const, conds: [] };
  const setRows = (rows: typeof group.conds, type = group.type) => onChange({ type: 'and', conds: rows.length ? [{ type, conds: rows }] : [] });
  return (
    <Space direction="vertical" size={4} style={{ width: '100%' }} aria-label={label} role="group">
      <Space>
        <Typography.Text>{label}</Typography.Text>
        <Radio.Group size="small" value={group.type} onChange={(e) => setRows(group.conds, e.target.value as 'and' | 'or')} options={[{ value: 'and', label: '且' }, { value: 'or', label: '或' }]} />
        <Button size="small" type="link" icon={<PlusOutlined />} onClick={() => setRows([...group.conds, { key: '', opt: '', value: '' }])}>
          添加条件
        </Button>
      </Space>
      {group.conds.map((row, i) => {
        const field = fields.find((f) => f.key === row.key);
        const opts = field?.numeric ? QR_COND_OPTS.number : QR_COND_OPTS.string;
        const set = (patch: Partial<typeof row>) => setRows(group.conds.map((r, j) => (j === i ? { ...r, ...patch } : r)));
        return (
          <Space key={i}>
            <Select aria-label={`${label}字段`} size="small" style={{ width: 120 }} placeholder="字段" value={row.key || undefined} options={fields.map((f) => ({ value: f.key, label: f.name }))} onChange={(key: string) => set({ key, opt: '', value: '' })} />
            <Select aria-label={`${label}条件`} size="small" style={{ width: 110 }} placeholder="条件" value={row.opt || undefined} options={opts.map((o) => ({ value: o.value, label: o.label }))} onChange={(opt: string) => set({ opt })} />
            {!['$null', '$notnull', '$empty'].includes(row.opt) && <Input aria-label={`${label}值`} size="small" style={{ width: 120 }} placeholder="值" value={String(row.value ?? '')} onChange={(e) => set({ value: e.target.value })} />}
            <Button size="small" type="text" danger icon={<DeleteOutlined />} aria-label={`删除${label}`} onClick={() => setRows(group.conds.filter((_, j) => j !== i))} />
          </Space>
        );
      })}
    </Space>
  );
}

/** Each column 不可见 / 只读 / 可编辑 (可编辑 only where the entry may change rows). */
function ColumnAccess({ sub, accessOf, editable, onChange }: { sub: SubTableInfo; accessOf: (key: string) => Access; editable: boolean; onChange: (key: string, a: Access) => void }) {
  return (
    <Table
      size="small"
      rowKey="key"
      pagination={false}
      dataSource={sub.fields}
      columns={[
        { title: '字段', dataIndex: 'name' },
        {
          title: '字段权限',
          render: (_, f) => (
            <Radio.Group aria-label={`${sub.name}${f.name}权限`} size="small" value={accessOf(f.key)} onChange={(e) => onChange(f.key, e.target.value as Access)}>
              <Radio value="hidden">不可见</Radio>
              <Radio value="read">只读</Radio>
              {editable && <Radio value="edit">可编辑</Radio>}
            </Radio.Group>
          ),
        },
      ]}
    />
  );
}

function EditSubTable({ sub, child, onChange }: { sub: SubTableInfo; child: QrEditChild; onChange: (c: QrEditChild) => void }) {
  const shown = new Set(child.query.contents.map((f) => f.key));
  const editKinds = new Map(child.edit.contents.map((f) => [f.key, f.type]));
  const accessOf = (key: string): Access => {
    if (shown.size > 0 && !shown.has(key)) return 'hidden';
    if (!child.edit.isAllow) return 'read';
    return editKinds.size === 0 || editKinds.get(key) === 'edit' ? 'edit' : 'read';
  };
  const setAccess = (key: string, a: Access) => {
    const next = new Map(sub.fields.map((f) => [f.key, f.key === key ? a : accessOf(f.key)]));
    const listed = sub.fields.filter((f) => next.get(f.key) !== 'hidden');
    const field = (f: SubTableInfo['fields'][number], type: string): QrSubField => ({ name: f.name, key: f.key, type });
    onChange({
      ...child,
      query: { ...child.query, contents: listed.map((f) => field(f, 'read')) },
      edit: { ...child.edit, contents: listed.map((f) => field(f, next.get(f.key) === 'edit' ? 'edit' : 'read')) },
      // A row added through the code fills the columns it may see.
      add: { ...child.add, contents: listed.map((f) => ({ name: f.name, key: f.key, type: 'edit', value: child.add.contents.find((c) => c.key === f.key)?.value ?? '' })) },
    });
  };
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Space wrap>
        <Checkbox checked={child.add.isAllow} onChange={(e) => onChange({ ...child, add: { ...child.add, isAllow: e.target.checked } })}>
          新增
        </Checkbox>
        {child.add.isAllow && (
          <Radio.Group aria-label={`${sub.name}新增方式`} size="small" value={child.add.type} onChange={(e) => onChange({ ...child, add: { ...child.add, type: e.target.value as 'single' | 'multi' } })}>
            <Radio value="single">单新增</Radio>
            <Radio value="multi">多新增</Radio>
          </Radio.Group>
        )}
        <Checkbox checked={child.edit.isAllow} onChange={(e) => onChange({ ...child, edit: { ...child.edit, isAllow: e.target.checked } })}>
          编辑
        </Checkbox>
        <Radio.Group aria-label={`${sub.name}查看`} size="small" value={child.query.type} onChange={(e) => onChange({ ...child, query: { ...child.query, type: e.target.value as '0' | '1' } })}>
          <Radio value="0">不可见</Radio>
          <Radio value="1">可见</Radio>
        </Radio.Group>
      </Space>
      {child.query.type === '1' && (
        <>
          <ColumnAccess sub={sub} accessOf={accessOf} editable={child.edit.isAllow} onChange={setAccess} />
          <CondEditor label={`${sub.name}查看数据权限`} cond={child.query.cond} fields={sub.fields} onChange={(cond) => onChange({ ...child, query: { ...child.query, cond } })} />
          {child.edit.isAllow && <CondEditor label={`${sub.name}编辑数据权限`} cond={child.edit.cond} fields={sub.fields} onChange={(cond) => onChange({ ...child, edit: { ...child.edit, cond } })} />}
        </>
      )}
    </Space>
  );
}

function QuerySubTable({ sub, child, onChange }: { sub: SubTableInfo; child: QrQueryChild | undefined; onChange: (c: QrQueryChild | null) => void }) {
  const shown = new Set(child?.contents.map((f) => f.key) ?? []);
  const accessOf = (key: string): Access => (shown.size === 0 || shown.has(key) ? 'read' : 'hidden');
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Radio.Group aria-label={`${sub.name}查看`} size="small" value={child ? '1' : '0'} onChange={(e) => onChange(e.target.value === '1' ? { subKey: sub.subKey, contents: [], cond: emptyCond() } : null)}>
        <Radio value="0">不可见</Radio>
        <Radio value="1">可见</Radio>
      </Radio.Group>
      {child && (
        <>
          <ColumnAccess
            sub={sub}
            accessOf={accessOf}
            editable={false}
            onChange={(key, a) => {
              const listed = sub.fields.filter((f) => (f.key === key ? a : accessOf(f.key)) !== 'hidden');
              onChange({ ...child, contents: listed.map((f) => ({ name: f.name, key: f.key, type: 'read' })) });
            }}
          />
          <CondEditor label={`${sub.name}查看数据权限`} cond={child.cond ?? emptyCond()} fields={sub.fields} onChange={(cond) => onChange({ ...child, cond })} />
        </>
      )}
    </Space>
  );
}

export function SubTableRules({ kind, entry, subTables, onChange }: { kind: 'query' | 'edit'; entry: QrEntry; subTables: SubTableInfo[]; onChange: (childs: QrEntry['content']['childs']) => void }) {
  if (subTables.length === 0) return null;
  const childs = entry.content.childs.map((c) => cleanQrChild(kind, c)).filter((c) => c !== null);
  const put = (subKey: string, next: QrEditChild | QrQueryChild | null) => onChange([...childs.filter((c) => c.subKey !== subKey), ...(next ? [next] : [])]);
  return (
    <Space direction="vertical" style={{ width: '100%', marginTop: 12 }}>
      {subTables.map((sub) => {
        const child = childs.find((c) => c.subKey === sub.subKey);
        return (
          <Card key={sub.subKey} size="small" title={`子表：${sub.name}`} data-testid={`qr-sub-${sub.subKey}`}>
            {kind === 'edit' ? (
              <EditSubTable sub={sub} child={child && 'add' in child ? child : newEditChild(sub.subKey)} onChange={(c) => put(sub.subKey, c)} />
            ) : (
              <QuerySubTable sub={sub} child={child && !('add' in child) ? child : undefined} onChange={(c) => put(sub.subKey, c)} />
            )}
          </Card>
        );
      })}
    </Space>
  );
}
