import { useState } from 'react';
import { App, Button, Form, Input, Modal, Space, Table, type TableColumnsType } from 'antd';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { MICRO_TEXT, type MicroTemplate } from '@park/core';
import { EditModal, useEditDialog } from '../../lib/EditModal.tsx';
import { ListPage, tableLocale } from '../../lib/ListPage.tsx';
import { tablePagination, usePaging } from '../../lib/paging.ts';
import { addMicroAppTemplate, deleteMicroAppTemplate, microKeys, queryMicroAppTemplate, updateMicroAppTemplate, type TemplateQuery } from './api.ts';
import { QueryBar } from './parts.tsx';
import { WorkbenchEditor } from './workbench/WorkbenchEditor.tsx';

/* 模板管理 (screens-round3 §2.4): industry templates and their workbench layout (工作台分组). */

interface TemplateForm {
  templateName: string;
  applyIndustry?: string;
  explanation?: string;
}

function TemplateDialog({ template, onClose }: { template: MicroTemplate | null; onClose: () => void }) {
  const dialog = useEditDialog({
    save: async (v: TemplateForm) => {
      const fields = { templateName: v.templateName, applyIndustry: v.applyIndustry ?? '', explanation: v.explanation ?? '' };
      if (template) await updateMicroAppTemplate({ ...fields, id: template.id });
      else await addMicroAppTemplate(fields);
    },
    savedText: template ? MICRO_TEXT.templateUpdated : MICRO_TEXT.templateAdded,
    onClose,
    refresh: [microKeys.templates],
  });
  return (
    <EditModal<TemplateForm>
      title={template ? '编辑行业应用模板' : '新增行业应用模板'}
      {...dialog}
      name="template"
      labelCol={{ span: 5 }}
      initialValues={template ? { templateName: template.templateName, applyIndustry: template.applyIndustry ?? '', explanation: template.explanation ?? '' } : {}}
    >
      <Form.Item label="模板名称" name="templateName" rules={[{ required: true, whitespace: true, message: MICRO_TEXT.templateNameRequired }, { max: 100, message: MICRO_TEXT.tooLong('模板名称', 100) }]}>
        <Input maxLength={100} />
      </Form.Item>
      <Form.Item label="适用行业" name="applyIndustry">
        <Input maxLength={100} />
      </Form.Item>
      <Form.Item label="说明" name="explanation">
        <Input.TextArea rows={3} maxLength={500} />
      </Form.Item>
    </EditModal>
  );
}

export function MicroAppTemplatePage() {
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const paging = usePaging();
  const [query, setQuery] = useState<TemplateQuery>({});
  const [selected, setSelected] = useState<number[]>([]);
  const [editing, setEditing] = useState<{ template: MicroTemplate | null } | null>(null);
  const [layout, setLayout] = useState<MicroTemplate | null>(null);
  const { data, isFetching } = useQuery({
    queryKey: [...microKeys.templates, query, paging.pageNum, paging.pageSize],
    queryFn: ({ signal }) => queryMicroAppTemplate(paging.pageNum, paging.pageSize, query, signal),
    placeholderData: keepPreviousData,
  });
  const remove = () => {
    if (selected.length === 0) {
      void message.warning(MICRO_TEXT.chooseTemplateToDelete);
      return;
    }
    modal.confirm({
      title: '提示',
      content: MICRO_TEXT.confirmDeleteTemplate,
      okText: '确定',
      cancelText: '取消',
      onOk: async () => {
        await deleteMicroAppTemplate(selected);
        void message.success(MICRO_TEXT.templateDeleted);
        setSelected([]);
        await queryClient.invalidateQueries({ queryKey: microKeys.templates });
      },
    });
  };
  const columns: TableColumnsType<MicroTemplate> = [
    { title: '模板名称', dataIndex: 'templateName' },
    { title: '适用行业', dataIndex: 'applyIndustry' },
    { title: '说明', dataIndex: 'explanation', ellipsis: true },
    {
      title: '操作',
      key: 'op',
      width: 180,
      render: (_v, t) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setEditing({ template: t })}>
            编辑
          </Button>
          <Button type="link" size="small" onClick={() => setLayout(t)}>
            工作台分组
          </Button>
        </Space>
      ),
    },
  ];
  return (
    <ListPage title="模板管理">
      <QueryBar<TemplateQuery>
        onQuery={(v) => {
          setQuery({ templateName: v.templateName?.trim() || undefined, applyIndustry: v.applyIndustry?.trim() || undefined, explanation: v.explanation?.trim() || undefined });
          paging.reset();
        }}
        actions={
          <>
            <Button danger onClick={remove}>
              删除
            </Button>
            <Button type="primary" onClick={() => setEditing({ template: null })}>
              新增
            </Button>
          </>
        }
      >
        <Form.Item label="模板名称" name="templateName">
          <Input allowClear />
        </Form.Item>
        <Form.Item label="适用行业" name="applyIndustry">
          <Input allowClear />
        </Form.Item>
        <Form.Item label="说明" name="explanation">
          <Input allowClear placeholder="请输入行业名称" />
        </Form.Item>
      </QueryBar>
      <Table<MicroTemplate>
        rowKey="id"
        columns={columns}
        dataSource={data?.rows ?? []}
        loading={isFetching}
        locale={tableLocale}
        rowSelection={{ selectedRowKeys: selected, preserveSelectedRowKeys: true, onChange: (keys) => setSelected(keys.map(Number)) }}
        pagination={tablePagination(paging, data?.total ?? 0)}
      />
      {editing && <TemplateDialog template={editing.template} onClose={() => setEditing(null)} />}
      {layout && (
        <Modal open title={`工作台分组 — ${layout.templateName}`} width={1100} footer={null} onCancel={() => setLayout(null)} destroyOnHidden>
          <WorkbenchEditor templateId={layout.id} />
        </Modal>
      )}
    </ListPage>
  );
}
