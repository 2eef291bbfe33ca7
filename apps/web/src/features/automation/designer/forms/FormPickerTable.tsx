import { useState } from 'react';
import { Input, Table, Tag } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { queryForms, type FormRow } from '../api.ts';

/** Spec 001 §9: the trigger's form list and the form picker page by 10. */
export const FORM_PAGE_SIZE = 10;

/** Forms the user may access, searched by name, 10 a page; a click picks one (spec 001 §2.2, §2.7). */
export function FormPickerTable({ selectedId, disabled = false, onPick }: { selectedId: number | string | null; disabled?: boolean; onPick: (form: FormRow) => void }) {
  const [formName, setFormName] = useState('');
  const [pageNum, setPageNum] = useState(1);
  const { data, isFetching } = useQuery({
    queryKey: ['automation', 'forms', formName, pageNum],
    queryFn: ({ signal }) => queryForms({ formName: formName || undefined, pageNum, pageSize: FORM_PAGE_SIZE }, signal),
    placeholderData: keepPreviousData,
  });
  return (
    <div className="automation-form-picker">
      <Input.Search
        placeholder="请输入表单名称"
        allowClear
        enterButton="查询"
        aria-label="表单名称"
        onSearch={(v) => {
          setFormName(v.trim());
          setPageNum(1);
        }}
        style={{ marginBottom: 12 }}
      />
      <Table<FormRow>
        size="small"
        rowKey="formId"
        loading={isFetching}
        dataSource={data?.rows ?? []}
        rowClassName={(r) => (String(r.formId) === String(selectedId) ? 'is-selected' : '')}
        onRow={(r) => ({ onClick: () => !disabled && onPick(r), style: { cursor: disabled ? 'default' : 'pointer' } })}
        pagination={{ current: pageNum, pageSize: FORM_PAGE_SIZE, total: data?.total ?? 0, onChange: setPageNum, showSizeChanger: false, showTotal: (n) => `共 ${n} 条` }}
        columns={[
          { title: '表单名称', dataIndex: 'formName', render: (v: string, r) => (String(r.formId) === String(selectedId) ? <>{v} <Tag color="blue">已选择</Tag></> : v) },
          { title: '分组', dataIndex: 'groupName', width: 140, render: (v: string | null) => v ?? '-' },
          { title: '设计', dataIndex: 'designed', width: 80, render: (v: boolean) => (v ? '已设计' : <span className="automation-muted">未设计</span>) },
        ]}
      />
    </div>
  );
}
