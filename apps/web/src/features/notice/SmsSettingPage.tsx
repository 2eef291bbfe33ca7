import { useState } from 'react';
import { Alert, App, Button, Card, Form, Input, Select, Space, Switch, Table, Tag } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { isMobilePhone, SMS_TEXT, smsTemplateError } from '@park/core';
import { tablePagination, usePaging } from '../../lib/paging.ts';
import { saveSmsTemplate, smsLog, smsSetting, testSms, noticeKeys } from './api.ts';

/* 系统管理 › 短信设置 (issue 38): gateway status, notice templates, a test send and the send log. */

const STATUS: Record<string, string> = { queued: '排队中', sent: '已发送', logged: '已记录', failed: '失败' };

export function SmsSettingPage() {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const setting = useQuery({ queryKey: noticeKeys.sms, queryFn: smsSetting });
  const paging = usePaging();
  const [filter, setFilter] = useState<{ phone?: string; status?: string }>({});
  const log = useQuery({ queryKey: ['notice', 'smsLog', paging.pageNum, paging.pageSize, filter], queryFn: () => smsLog(paging.pageNum, paging.pageSize, filter) });
  const [form] = Form.useForm<{ id?: string; name: string; content: string; isDefault: boolean; phone?: string }>();
  const s = setting.data;
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Card title="短信设置" variant="borderless">
        {s ? <Alert type={s.gateway.configured ? 'success' : 'warning'} showIcon message={s.gateway.configured ? '短信网关已配置' : '短信网关未配置：短信仅记录在发送日志中，不会真正发出'} style={{ marginBottom: 16 }} /> : null}
        <Form form={form} layout="vertical" initialValues={{ isDefault: true }}
          onFinish={async (v) => { await saveSmsTemplate(v); void message.success('保存成功'); await qc.invalidateQueries({ queryKey: noticeKeys.sms }); }}>
          <Form.Item name="id" label="模板" >
            <Select allowClear placeholder="新建模板" options={(s?.templates ?? []).map((t) => ({ value: t.id, label: `${t.name}${t.is_default ? '（默认）' : ''}` }))}
              onChange={(id) => { const t = s?.templates.find((x) => x.id === id); form.setFieldsValue(t ? { name: t.name, content: t.content, isDefault: t.is_default } : { name: '', content: '' }); }} />
          </Form.Item>
          <Form.Item name="name" label="模板名称" rules={[{ required: true, message: SMS_TEXT.nameRequired }]}><Input /></Form.Item>
          <Form.Item name="content" label="模板内容" extra={<Space wrap>可用变量：{(s?.variables ?? []).map((v) => <Tag key={v}>{`\${${v}}`}</Tag>)}</Space>}
            rules={[{ validator: (_, v) => { const e = smsTemplateError('x', v); return e ? Promise.reject(new Error(e)) : Promise.resolve(); } }]}>
            <Input.TextArea rows={3} />
          </Form.Item>
          <Form.Item name="isDefault" label="公告默认模板" valuePropName="checked"><Switch /></Form.Item>
          <Space>
            <Button type="primary" htmlType="submit">保存</Button>
            <Form.Item name="phone" noStyle><Input placeholder="测试手机号" style={{ width: 160 }} /></Form.Item>
            <Button onClick={async () => {
              const { phone, content } = form.getFieldsValue();
              if (!isMobilePhone(phone)) { void message.error(SMS_TEXT.phoneInvalid); return; }
              await testSms(phone!, content ?? '');
              void message.success('测试短信已提交发送');
              await qc.invalidateQueries({ queryKey: ['notice', 'smsLog'] });
            }}>测试发送</Button>
          </Space>
        </Form>
      </Card>
      <Card title="发送日志" variant="borderless">
        <Form layout="inline" style={{ marginBottom: 16 }} onFinish={(v: { phone?: string; status?: string }) => { paging.reset(); setFilter(v); }}>
          <Form.Item name="phone" label="手机号"><Input allowClear /></Form.Item>
          <Form.Item name="status" label="结果"><Select allowClear style={{ width: 120 }} options={Object.entries(STATUS).map(([value, label]) => ({ value, label }))} /></Form.Item>
          <Button type="primary" htmlType="submit">查询</Button>
        </Form>
        <Table rowKey="id" size="small" loading={log.isFetching} dataSource={log.data?.datas ?? []} pagination={tablePagination(paging, log.data?.totalCount ?? 0)}
          columns={[
            { title: '手机号', dataIndex: 'phone' }, { title: '内容', dataIndex: 'content' },
            { title: '结果', dataIndex: 'status', render: (v: string) => STATUS[v] ?? v }, { title: '错误', dataIndex: 'error' },
            { title: '时间', dataIndex: 'create_time', render: (t: string) => dayjs(t).format('YYYY-MM-DD HH:mm:ss') },
          ]} />
      </Card>
    </Space>
  );
}
