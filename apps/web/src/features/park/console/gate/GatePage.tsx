import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { App, Button, DatePicker, Form, Image, Input, Modal, Popconfirm, Select, Space, Table, Tag, type TableColumnsType } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import { isPlate, type WhiteListRow } from '@park/core';
import { tableLocale } from '../../../../lib/ListPage.tsx';
import { imageUrl, park, type PassRow } from '../api.ts';
import { CommandLogTable } from '../CommandLogTable.tsx';
import { ConsoleScreen, Figure, Panel } from '../ConsoleFrame.tsx';
import { LastRefresh } from '../LastRefresh.tsx';
import { useLive } from '../live.ts';

interface WhiteForm {
  plates: string;
  range: [Dayjs, Dayjs];
  ownerName?: string;
}

/** Plates as typed: comma, 、 or space separated, upper-cased; the same check as the server. */
const platesOf = (text: string) => [...new Set(text.split(/[,，、\s]+/).map((p) => p.trim().toUpperCase()).filter(Boolean))];

function WhiteListDialog({ gate, open, onClose }: { gate: { id: number; gateName: string } | undefined; open: boolean; onClose: () => void }) {
  const { message } = App.useApp();
  const client = useQueryClient();
  const [form] = Form.useForm<WhiteForm>();
  const [saving, setSaving] = useState(false);
  const save = async () => {
    const v = await form.validateFields();
    setSaving(true);
    try {
      const r = await park.syncWhiteCar({
        plates: platesOf(v.plates).join(','),
        gateIds: gate ? [gate.id] : undefined,
        validFrom: v.range[0].format('YYYY-MM-DD'),
        validTo: v.range[1].format('YYYY-MM-DD'),
        ownerName: v.ownerName?.trim() || undefined,
      });
      message.success(r.result.message);
      await client.invalidateQueries({ queryKey: ['park-console'] });
      form.resetFields();
      onClose();
    } catch {
      // shown by the HTTP client
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal open={open} title={`下发白名单${gate ? `（${gate.gateName}）` : ''}`} okText="下发" cancelText="取消" confirmLoading={saving} onOk={() => void save()} onCancel={onClose} destroyOnHidden>
      <Form form={form} layout="vertical" initialValues={{ range: [dayjs(), dayjs().add(30, 'day')] }}>
        <Form.Item
          name="plates"
          label="车牌号"
          extra="多个车牌用逗号或空格分隔"
          rules={[
            { required: true, message: '请填写车牌号' },
            {
              validator: async (_, text: string) => {
                const bad = platesOf(text ?? '').filter((p) => !isPlate(p));
                if (bad.length) throw new Error(`车牌号格式不正确：${bad.join('、')}`);
              },
            },
          ]}
        >
          <Input placeholder="如：湘A12345" />
        </Form.Item>
        <Form.Item name="range" label="有效期" rules={[{ required: true, message: '请选择有效期' }]}>
          <DatePicker.RangePicker style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="ownerName" label="车主/单位">
          <Input maxLength={50} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/**
 * 卡口管理 (issue 24): a gate's passes as they happen (with the plate camera's photo), today's
 * counts, opening the barrier after a confirmation, and the white list; each command goes to the
 * device through its adapter and is listed in the gate's command log.
 */
export function GatePage() {
  const { message } = App.useApp();
  const client = useQueryClient();
  const [params, setParams] = useSearchParams();
  const gates = useQuery({ queryKey: ['park-console', 'gates'], queryFn: ({ signal }) => park.gates(signal) });
  const gateId = Number(params.get('gateId')) || gates.data?.datas[0]?.id;
  const gate = gates.data?.datas.find((g) => g.id === gateId);
  const [whiteOpen, setWhiteOpen] = useState(false);
  const passes = useLive(['passes', gateId], (s) => park.currentPasses({ gateId, limit: 20 }, s));
  const today = useLive(['gateToday'], park.gateToday);
  const white = useLive(['whiteList'], (s) => park.whiteList({ pageSize: 10 }, s));
  const counts = today.data?.datas.find((g) => g.gateId === gateId);

  useEffect(() => {
    if (!params.get('gateId') && gateId) setParams({ gateId: String(gateId) }, { replace: true });
  }, [gateId, params, setParams]);

  const open = async () => {
    if (!gateId) return;
    try {
      const r = await park.openDoor(gateId);
      message.success(r.result.message);
      await client.invalidateQueries({ queryKey: ['park-console', 'commandLog'] });
    } catch {
      // shown by the HTTP client (e.g. 设备执行失败：…)
    }
  };

  const columns: TableColumnsType<PassRow> = [
    {
      title: '抓拍',
      dataIndex: 'photoFileId',
      width: 112,
      render: (id: number | null) => (id ? <Image src={imageUrl(id)} className="park-photo" width={96} height={60} alt="抓拍照片" /> : <span className="park-photo-empty">暂无</span>),
    },
    { title: '车牌号', dataIndex: 'plate', width: 110 },
    { title: '方向', dataIndex: 'directionName', width: 70, render: (t: string, r) => <Tag color={r.direction === 1 ? 'blue' : 'green'}>{t}</Tag> },
    { title: '车辆类型', dataIndex: 'vehicleTypeName', width: 100, render: (t: string, r) => (r.vehicleType === '2' ? <Tag color="volcano">{t}</Tag> : t) },
    { title: '装载', width: 140, render: (_, r) => (r.material ? `${r.material}${r.loadTons !== null ? ` ${r.loadTons} 吨` : ''}` : '-') },
    { title: '企业', dataIndex: 'companyName', ellipsis: true, render: (t: string | null) => t ?? '-' },
    { title: '通行时间', dataIndex: 'passTime', width: 170 },
  ];
  const whiteColumns: TableColumnsType<WhiteListRow> = [
    { title: '车牌号', dataIndex: 'plate', width: 110 },
    { title: '道口', dataIndex: 'gateName', render: (t: string | null) => t ?? '全部道口' },
    { title: '有效期', render: (_, r) => `${r.validFrom.slice(0, 10)} 至 ${r.validTo.slice(0, 10)}` },
    { title: '车主/单位', dataIndex: 'ownerName', render: (t: string | null) => t ?? '-' },
  ];
  return (
    <ConsoleScreen
      title="卡口管理"
      testId="park-gate"
      extra={
        <>
          <LastRefresh at={passes.dataUpdatedAt} />
          <Select
            aria-label="选择卡口"
            style={{ width: 200 }}
            value={gateId}
            options={(gates.data?.datas ?? []).map((g) => ({ value: g.id, label: g.gateName }))}
            onChange={(v: number) => setParams({ gateId: String(v) })}
          />
        </>
      }
    >
      <div className="park-figures">
        <Figure label="今日入园" value={counts?.inCount} suffix="车次" testId="gate-in" />
        <Figure label="今日出园" value={counts?.outCount} suffix="车次" testId="gate-out" />
      </div>
      <Panel
        title={`${gate?.gateName ?? '卡口'} 实时通行`}
        extra={
          <Space>
            <Popconfirm title={`确认开启${gate?.gateName ?? ''}道闸吗？`} okText="确认开闸" cancelText="取消" onConfirm={() => void open()}>
              <Button type="primary" danger disabled={!gateId}>
                开闸
              </Button>
            </Popconfirm>
            <Button onClick={() => setWhiteOpen(true)} disabled={!gateId}>
              下发白名单
            </Button>
          </Space>
        }
      >
        <Table<PassRow> rowKey="id" size="small" columns={columns} dataSource={passes.data?.datas ?? []} locale={tableLocale} pagination={false} loading={passes.isLoading} data-testid="gate-passes" />
      </Panel>
      <div className="park-grid">
        <Panel title="白名单">
          <Table<WhiteListRow> rowKey="id" size="small" columns={whiteColumns} dataSource={white.data?.datas ?? []} locale={tableLocale} pagination={false} data-testid="white-list" />
        </Panel>
        <Panel title="开闸与白名单记录">
          <DoorAndWhiteLog />
        </Panel>
      </div>
      <WhiteListDialog gate={gate} open={whiteOpen} onClose={() => setWhiteOpen(false)} />
    </ConsoleScreen>
  );
}

function DoorAndWhiteLog() {
  return (
    <>
      <CommandLogTable kind="door" />
      <div style={{ height: 12 }} />
      <CommandLogTable kind="whiteList" />
    </>
  );
}
