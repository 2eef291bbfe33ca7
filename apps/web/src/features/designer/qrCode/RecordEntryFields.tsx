import { useEffect, useState } from 'react';
import { Radio, Select, Space, Table } from 'antd';
import type { QrEntry, QrField } from '@park/core';
import { loadRecordOptions, type QrRecordOption } from './api.ts';

/*
 * A 查看/编辑 entry (screens-round3 §6.1, issue 39 ADR 0055): the record its code is bound to (the
 * sticker on a fire extinguisher) and each field's permission — 不可见 / 只读, and on 编辑 also 可编辑.
 * An entry listing no field shows every field read-only (core's qrRecordFields).
 */

type Access = 'hidden' | 'read' | 'edit';

function accessOf(entry: QrEntry, key: string): Access {
  const listed = entry.content.parent;
  if (listed.length === 0) return 'read';
  const f = listed.find((x) => x.key === key);
  if (!f) return 'hidden';
  return f.auth === 'edit' && !f.readOnly ? 'edit' : 'read';
}

export function RecordEntryFields({ formId, kind, entry, fields, onChange }: {
  formId: number;
  kind: 'query' | 'edit';
  entry: QrEntry;
  fields: { key: string; name: string }[];
  onChange: (patch: Partial<QrEntry>) => void;
}) {
  const [records, setRecords] = useState<QrRecordOption[]>([]);
  useEffect(() => {
    void loadRecordOptions(formId, fields).then(setRecords, () => setRecords([]));
  }, [formId, fields]);

  const setAccess = (key: string, access: Access) => {
    const next: QrField[] = fields.flatMap((f) => {
      const a = f.key === key ? access : accessOf(entry, f.key);
      if (a === 'hidden') return [];
      return [kind === 'edit' ? { name: f.name, key: f.key, auth: a } : { name: f.name, key: f.key, readOnly: true }];
    });
    onChange({ content: { ...entry.content, parent: next } });
  };

  return (
    <Space direction="vertical" style={{ width: '100%', marginTop: 12 }}>
      <Space>
        绑定数据:
        <Select
          aria-label="绑定数据"
          style={{ width: 320 }}
          allowClear
          showSearch
          optionFilterProp="label"
          placeholder="不绑定：扫码打开数据列表"
          options={records}
          value={entry.recordId}
          onChange={(v: number | undefined) => onChange({ recordId: v ?? undefined })}
        />
      </Space>
      <Table
        size="small"
        rowKey="key"
        pagination={false}
        dataSource={fields}
        columns={[
          { title: '字段', dataIndex: 'name' },
          {
            title: '权限',
            render: (_, f) => (
              <Radio.Group aria-label={`${f.name}权限`} size="small" value={accessOf(entry, f.key)} onChange={(e) => setAccess(f.key, e.target.value as Access)}>
                <Radio value="hidden">不可见</Radio>
                <Radio value="read">只读</Radio>
                {kind === 'edit' && <Radio value="edit">可编辑</Radio>}
              </Radio.Group>
            ),
          },
        ]}
      />
    </Space>
  );
}
