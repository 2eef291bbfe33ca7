import { useState } from 'react';
import { App, Button, Form, Input, Radio, Space, Table, type TableColumnsType } from 'antd';
import { DeleteOutlined, MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { DATA_CONTROL_TEXT, DATA_CONTROL_TYPES, isDataControlUrl, isDataFieldName, type DataControlInput } from '@park/core';
import { EditModal, useEditDialog } from '../../../lib/EditModal.tsx';
import { ListPage, tableLocale } from '../../../lib/ListPage.tsx';
import { settled } from '../common.tsx';
import { addDataControls, DATA_CONTROLS_KEY, deleteDataControls, queryAllDataControls, updateDataControls, type DataControlRow } from './dataControlsApi.ts';
import '../system.css';

/* 高级控件数据源 (screens-round3 §5.4, issue 40): the original's table, dialog, rules and messages. */

const required = (message: string) => [{ required: true, whitespace: true, message }];
const fieldRule = { validator: async (_r: unknown, v?: string) => (!v || isDataFieldName(v.trim()) ? undefined : Promise.reject(new Error(DATA_CONTROL_TEXT.fieldInvalid))) };

function DataControlDialog({ row, onClose }: { row: DataControlRow | null; onClose: () => void }) {
  const dialog = useEditDialog({
    save: async (v: DataControlInput) => {
      const body = { ...v, columns: v.columns ?? [] };
      if (row) await updateDataControls({ ...body, id: row.id });
      else await addDataControls(body);
    },
    onClose,
    refresh: [DATA_CONTROLS_KEY],
    savedText: DATA_CONTROL_TEXT.saved,
  });
  return (
    <EditModal<DataControlInput> title={row ? '编辑数据源' : '新增数据源'} width={720} {...dialog} name="dataControl" layout="vertical" initialValues={row ?? { type: '0', columns: [] }}>
      <Form.Item label="模块标题" name="title" rules={required(DATA_CONTROL_TEXT.title)}>
        <Input maxLength={100} />
      </Form.Item>
      <Form.Item label="类型" name="type" rules={[{ required: true, message: DATA_CONTROL_TEXT.type }]}>
        <Radio.Group options={Object.entries(DATA_CONTROL_TYPES).map(([value, label]) => ({ value, label }))} />
      </Form.Item>
      <Space size="middle" style={{ display: 'flex' }} wrap>
        <Form.Item label="value属性字段" name="valueKey" rules={[...required(DATA_CONTROL_TEXT.valueKey), fieldRule]}>
          <Input maxLength={64} />
        </Form.Item>
        <Form.Item label="value属性字段含义" name="valueDesc" rules={required(DATA_CONTROL_TEXT.valueDesc)}>
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item label="label属性字段" name="labelKey" rules={[...required(DATA_CONTROL_TEXT.labelKey), fieldRule]}>
          <Input maxLength={64} />
        </Form.Item>
        <Form.Item label="Label属性字段含义" name="labelDesc" rules={required(DATA_CONTROL_TEXT.labelDesc)}>
          <Input maxLength={100} />
        </Form.Item>
      </Space>
      <Form.Item
        label="数据请求地址"
        name="url"
        rules={[
          ...required(DATA_CONTROL_TEXT.url),
          { validator: async (_r: unknown, v?: string) => (!v?.trim() || isDataControlUrl(v.trim()) ? undefined : Promise.reject(new Error(DATA_CONTROL_TEXT.urlInvalid))) },
        ]}
        extra="由服务器请求（经数据源主机白名单），结果缓存 30 秒"
      >
        <Input maxLength={500} placeholder="https://…" />
      </Form.Item>
      <Form.List name="columns">
        {(fields, { add, remove }) => (
          <Form.Item label="字段映射">
            {fields.map((f) => (
              <Space key={f.key} align="baseline" className="data-control-column">
                <Form.Item name={[f.name, 'model']} rules={[{ required: true, whitespace: true, message: DATA_CONTROL_TEXT.columnInvalid }, fieldRule]}>
                  <Input aria-label="字段名称" placeholder="字段名称" maxLength={64} />
                </Form.Item>
                <Form.Item name={[f.name, 'name']} rules={[{ required: true, whitespace: true, message: DATA_CONTROL_TEXT.columnInvalid }]}>
                  <Input aria-label="字段描述" placeholder="字段描述" maxLength={100} />
                </Form.Item>
                <Button type="text" aria-label="删除映射" icon={<MinusCircleOutlined aria-hidden="true" />} onClick={() => remove(f.name)} />
              </Space>
            ))}
            <Button type="dashed" icon={<PlusOutlined aria-hidden="true" />} onClick={() => add({ model: '', name: '' })}>
              添加映射
            </Button>
          </Form.Item>
        )}
      </Form.List>
    </EditModal>
  );
}

export function DataControlsPage() {
  const { modal, message } = App.useApp();
  const queryClient = useQueryClient();
  const { data = [], isFetching } = useQuery({ queryKey: DATA_CONTROLS_KEY, queryFn: ({ signal }) => queryAllDataControls(signal) });
  const [selected, setSelected] = useState<number[]>([]);
  const [editing, setEditing] = useState<{ row: DataControlRow | null } | null>(null);
  const remove = () => {
    if (selected.length === 0) {
      void message.warning(DATA_CONTROL_TEXT.chooseFirst);
      return;
    }
    modal.confirm({
      title: DATA_CONTROL_TEXT.deleteConfirm,
      okText: '确定',
      cancelText: '取消',
      okButtonProps: { danger: true },
      onOk: async () => {
        if (await settled(() => deleteDataControls(selected))) {
          void message.success(DATA_CONTROL_TEXT.deleted);
          setSelected([]);
          await queryClient.invalidateQueries({ queryKey: DATA_CONTROLS_KEY });
        }
      },
    });
  };
  const columns: TableColumnsType<DataControlRow> = [
    { title: '模块编号', dataIndex: 'id', width: 90 },
    { title: '模块标题', dataIndex: 'title' },
    { title: 'value属性字段', dataIndex: 'valueKey' },
    { title: 'value属性字段含义', dataIndex: 'valueDesc' },
    { title: 'label属性字段', dataIndex: 'labelKey' },
    { title: 'Label属性字段含义', dataIndex: 'labelDesc' },
    { title: '数据请求地址', dataIndex: 'url', ellipsis: true },
    { title: '类型', dataIndex: 'type', width: 140, render: (v: keyof typeof DATA_CONTROL_TYPES) => DATA_CONTROL_TYPES[v] ?? '' },
  ];
  return (
    <ListPage
      title="高级控件数据源"
      extra={
        <Space>
          <Button type="primary" icon={<PlusOutlined aria-hidden="true" />} onClick={() => setEditing({ row: null })}>
            新增
          </Button>
          <Button danger icon={<DeleteOutlined aria-hidden="true" />} onClick={remove}>
            删除
          </Button>
        </Space>
      }
    >
      <Table<DataControlRow>
        rowKey="id"
        size="middle"
        className="data-controls-table"
        columns={columns}
        dataSource={data}
        loading={isFetching}
        locale={tableLocale}
        pagination={false}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(Number)) }}
        onRow={(row) => ({ onClick: () => setEditing({ row }), style: { cursor: 'pointer' } })}
      />
      {editing && <DataControlDialog row={editing.row} onClose={() => setEditing(null)} />}
    </ListPage>
  );
}
