import { useState } from 'react';
import { App, Button, Form, Image, Input, Select, Table, type TableColumnsType } from 'antd';
import { AppstoreOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { MICRO_FUNCTION_TYPES, MICRO_SHOW_TYPES, MICRO_TEXT, type MicroFunction } from '@park/core';
import { EditModal, useEditDialog } from '../../lib/EditModal.tsx';
import { ListPage, tableLocale } from '../../lib/ListPage.tsx';
import { tablePagination, usePaging } from '../../lib/paging.ts';
import { addMicroAppFunction, deleteMicroAppFunction, getMicroAppFunction, listMicroAppFunction, microKeys, updateMicroAppFunction, type FunctionQuery } from './api.ts';
import { FormPicker, IconUpload, imageUrl, QueryBar, TagInput, tagText } from './parts.tsx';

/* 功能管理 (screens-round3 §2.1): functions are forms, flows or special pages a micro-app groups. */

const typeLabel = (v: number) => MICRO_FUNCTION_TYPES.find((t) => t.value === v)?.label ?? '';

interface FunctionForm {
  iconId?: string | null;
  funName: string;
  type: number;
  showType: number;
  formId?: string | null;
  menuUrl?: string;
  component?: string;
  tag?: string;
  explanation?: string;
}

function FunctionDialog({ fn, onClose }: { fn: MicroFunction | null; onClose: () => void }) {
  const dialog = useEditDialog({
    save: async (v: FunctionForm) => {
      const fields = { ...v, iconId: v.iconId ?? '', formId: v.type === 2 ? '' : (v.formId ?? ''), id: fn?.id };
      if (fn) await updateMicroAppFunction(fields);
      else await addMicroAppFunction(fields);
    },
    savedText: fn ? MICRO_TEXT.updated : MICRO_TEXT.added,
    onClose,
    refresh: [microKeys.functions],
  });
  const initial: Partial<FunctionForm> = fn
    ? { iconId: fn.iconId, funName: fn.funName, type: fn.type, showType: fn.showType, formId: fn.formId, menuUrl: fn.menuUrl ?? '', component: fn.component ?? '', tag: fn.tag ?? '', explanation: fn.explanation ?? '' }
    : { type: 0, showType: 0 };
  return (
    <EditModal<FunctionForm> title={fn ? '修改功能' : '新增功能'} width={620} {...dialog} name="fn" labelCol={{ span: 4 }} initialValues={initial}>
      <Form.Item label="logo" name="iconId">
        <IconUpload />
      </Form.Item>
      <Form.Item label="功能名称" name="funName" rules={[{ required: true, whitespace: true, message: MICRO_TEXT.funNameRequired }, { max: 100, message: MICRO_TEXT.tooLong('功能名称', 100) }]}>
        <Input maxLength={100} />
      </Form.Item>
      <Form.Item label="类型" name="type">
        <Select options={MICRO_FUNCTION_TYPES.map((t) => ({ ...t }))} />
      </Form.Item>
      <Form.Item noStyle dependencies={['type']}>
        {({ getFieldValue }) =>
          getFieldValue('type') !== 2 && (
            <Form.Item label="表单" name="formId" rules={[{ required: true, message: MICRO_TEXT.formRequired }]}>
              <FormPicker />
            </Form.Item>
          )
        }
      </Form.Item>
      <Form.Item label="显示" name="showType">
        <Select options={MICRO_SHOW_TYPES.map((t) => ({ ...t }))} />
      </Form.Item>
      <Form.Item label="地址" name="menuUrl">
        <Input maxLength={500} placeholder="如 /form/list/表单编号" />
      </Form.Item>
      <Form.Item label="组件名称" name="component">
        <Input maxLength={100} />
      </Form.Item>
      <Form.Item label="标签" name="tag">
        <TagInput />
      </Form.Item>
      <Form.Item label="说明" name="explanation">
        <Input.TextArea rows={3} maxLength={500} />
      </Form.Item>
    </EditModal>
  );
}

export function MicroAppFunctionPage() {
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const paging = usePaging();
  const [query, setQuery] = useState<FunctionQuery>({});
  const [selected, setSelected] = useState<number[]>([]);
  const [editing, setEditing] = useState<{ fn: MicroFunction | null } | null>(null);
  const { data, isFetching } = useQuery({
    queryKey: [...microKeys.functions, query, paging.pageNum, paging.pageSize],
    queryFn: ({ signal }) => listMicroAppFunction(paging.pageNum, paging.pageSize, query, signal),
    placeholderData: keepPreviousData,
  });
  const remove = () => {
    if (selected.length === 0) {
      void message.warning(MICRO_TEXT.chooseToDelete);
      return;
    }
    modal.confirm({
      title: '提示',
      content: MICRO_TEXT.confirmDeleteFunction,
      okText: '确定',
      cancelText: '取消',
      onOk: async () => {
        await deleteMicroAppFunction(selected);
        void message.success(MICRO_TEXT.deleted);
        setSelected([]);
        await queryClient.invalidateQueries({ queryKey: microKeys.functions });
      },
    });
  };
  const columns: TableColumnsType<MicroFunction> = [
    { title: '图标', dataIndex: 'iconId', width: 80, render: (v: string | null) => (v ? <Image src={imageUrl(v)} width={32} height={32} alt="" preview={false} /> : <AppstoreOutlined style={{ fontSize: 28, color: '#409EFF' }} aria-hidden="true" />) },
    { title: '功能名称', dataIndex: 'funName' },
    { title: '标签', dataIndex: 'tag', render: tagText },
    { title: '类型', dataIndex: 'type', width: 100, render: typeLabel },
    {
      title: '操作',
      key: 'op',
      width: 100,
      render: (_v, f) => (
        <Button type="link" size="small" onClick={async () => setEditing({ fn: await getMicroAppFunction(f.id) })}>
          修改
        </Button>
      ),
    },
  ];
  return (
    <ListPage title="功能管理">
      <QueryBar<FunctionQuery>
        onQuery={(v) => {
          setQuery({ funName: v.funName?.trim() || undefined, tag: v.tag?.trim() || undefined, type: v.type });
          paging.reset();
        }}
        actions={
          <>
            <Button danger onClick={remove}>
              删除
            </Button>
            <Button type="primary" onClick={() => setEditing({ fn: null })}>
              新增
            </Button>
          </>
        }
      >
        <Form.Item label="功能名称" name="funName">
          <Input allowClear />
        </Form.Item>
        <Form.Item label="标签" name="tag">
          <Input allowClear />
        </Form.Item>
        <Form.Item label="类型" name="type">
          <Select allowClear style={{ width: 140 }} placeholder="请选择" options={MICRO_FUNCTION_TYPES.map((t) => ({ ...t }))} />
        </Form.Item>
      </QueryBar>
      <Table<MicroFunction>
        rowKey="id"
        columns={columns}
        dataSource={data?.rows ?? []}
        loading={isFetching}
        locale={tableLocale}
        rowSelection={{ selectedRowKeys: selected, preserveSelectedRowKeys: true, onChange: (keys) => setSelected(keys.map(Number)) }}
        pagination={tablePagination(paging, data?.total ?? 0)}
      />
      {editing && <FunctionDialog fn={editing.fn} onClose={() => setEditing(null)} />}
    </ListPage>
  );
}
