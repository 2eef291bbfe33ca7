import { useState } from 'react';
import { App, Button, Drawer, Form, Input, Modal, Popconfirm, Space, Table } from 'antd';
import { BellOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AutoReportFrequency, AutoReportTarget } from '@park/core';
import { tableLocale } from '../../../lib/ListPage.tsx';
import { autoReportKeys, cancelSubscription, mySubscriptions, subscribe } from './api.ts';
import { DEFAULT_FREQUENCY, FrequencyInput } from './FrequencyInput.tsx';
import { ReportTargetFields } from './ReportTargetFields.tsx';
import { fieldRule } from './rules.ts';

interface Values {
  name: string;
  target: AutoReportTarget;
  widgetId: string | null;
  frequency: AutoReportFrequency;
}

function MySubscriptions({ onClose }: { onClose(): void }) {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const list = useQuery({ queryKey: autoReportKeys.mine, queryFn: ({ signal }) => mySubscriptions(signal) });
  return (
    <Drawer open width={680} title="我的订阅" onClose={onClose}>
      <Table
        rowKey="id"
        size="small"
        pagination={false}
        locale={tableLocale}
        loading={list.isFetching}
        dataSource={list.data ?? []}
        columns={[
          { title: '名称', dataIndex: 'name' },
          { title: '报表', dataIndex: 'reportName' },
          { title: '频率', dataIndex: 'frequencyText' },
          {
            title: '操作',
            key: 'a',
            render: (_v, r) => (
              <Popconfirm title={`取消订阅「${r.name}」？`} okText="取消订阅" cancelText="保留" onConfirm={async () => {
                await cancelSubscription(r.id);
                void message.success('已取消订阅');
                await qc.invalidateQueries({ queryKey: autoReportKeys.mine });
              }}>
                <Button type="link" size="small" danger>取消订阅</Button>
              </Popconfirm>
            ),
          },
        ]}
      />
    </Drawer>
  );
}

/**
 * 订阅 on a report's page: the reader receives it themselves at a frequency, with their own rights
 * (a subscription is a schedule with one recipient, its owner); 我的订阅 lists and cancels them.
 */
export function SubscribeButton({ reportId, reportName }: { reportId: number; reportName: string }) {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [open, setOpen] = useState(false);
  const [mine, setMine] = useState(false);
  const [form] = Form.useForm<Values>();
  const save = useMutation({
    mutationFn: (v: Values) => subscribe({ ...v, reportId }),
    onSuccess: async () => {
      void message.success('订阅成功');
      setOpen(false);
      await qc.invalidateQueries({ queryKey: autoReportKeys.mine });
    },
  });
  return (
    <Space>
      <Button icon={<BellOutlined />} onClick={() => setOpen(true)}>订阅</Button>
      <Button onClick={() => setMine(true)}>我的订阅</Button>
      {open && (
        <Modal open title={`订阅：${reportName}`} okText="订阅" cancelText="取消" confirmLoading={save.isPending} onCancel={() => setOpen(false)} onOk={() => form.submit()} width={640}>
          <Form<Values> form={form} name="subscribe" layout="vertical" initialValues={{ name: reportName, target: 'excel', frequency: DEFAULT_FREQUENCY }} onFinish={(v) => save.mutate(v)}>
            <Form.Item name="name" label="名称" rules={[fieldRule('name')]}><Input maxLength={50} /></Form.Item>
            <ReportTargetFields reportId={reportId} />
            <Form.Item name="frequency" label="发送频率" rules={[fieldRule('frequency')]}><FrequencyInput /></Form.Item>
          </Form>
        </Modal>
      )}
      {mine && <MySubscriptions onClose={() => setMine(false)} />}
    </Space>
  );
}
