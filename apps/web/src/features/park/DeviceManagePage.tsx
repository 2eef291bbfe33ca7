import { useState } from 'react';
import { App, Alert, Button, Form, Input, Select, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { PlusOutlined, SearchOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  DEVICE_CODE_MESSAGE,
  DEVICE_CODE_PATTERN,
  DEVICE_GATE_REQUIRED_MESSAGE,
  DEVICE_TYPE_CODES,
  DEVICE_TYPES,
  DEVICE_TYPES_AT_GATE,
  ONLINE_STATES,
  type DeviceType,
  type ParkDevice,
} from '@park/core';
import { EditModal, useEditDialog } from '../../lib/EditModal.tsx';
import { ListPage, tableLocale } from '../../lib/ListPage.tsx';
import { tablePagination, usePaging } from '../../lib/paging.ts';
import { DeleteLink, settled, StatusTag } from '../system/common.tsx';
import '../system/system.css';
import { addDevice, deleteDevice, deviceKeys, listDevices, listGates, resetDeviceToken, setDeviceStatus, updateDevice } from './api.ts';

interface DeviceForm {
  deviceCode: string;
  deviceName: string;
  deviceType: DeviceType;
  gateId: number | null;
  remark: string | null;
}

const TYPE_OPTIONS = DEVICE_TYPE_CODES.map((t) => ({ value: t, label: DEVICE_TYPES[t].label }));

/** A token is shown once, when made: copyable, with how a device uses it. */
function useShowTokenOnce() {
  const { modal } = App.useApp();
  return (deviceName: string, token: string, title: string) => {
    modal.success({
      title,
      width: 560,
      okText: '我已记下',
      content: (
        <div className="one-time-password">
          <p>
            设备 <b>{deviceName}</b> 的接入令牌如下，<b>仅显示这一次</b>，请立即配置到设备中：
          </p>
          <Typography.Paragraph copyable={{ text: token, tooltips: ['复制', '已复制'] }} className="one-time-password-value">
            <code data-testid="device-token">{token}</code>
          </Typography.Paragraph>
          <p className="admin-hint">设备上报数据时在请求头中携带：Authorization: Bearer 令牌</p>
        </div>
      ),
    });
  };
}

function DeviceDialog({ device, onClose }: { device: ParkDevice | null; onClose: () => void }) {
  const showToken = useShowTokenOnce();
  const { data: gates = [] } = useQuery({ queryKey: deviceKeys.gates, queryFn: ({ signal }) => listGates(signal) });
  const dialog = useEditDialog({
    save: async (v: DeviceForm) => {
      const body = { deviceCode: v.deviceCode.trim(), deviceName: v.deviceName.trim(), deviceType: v.deviceType, gateId: v.gateId ?? null, remark: v.remark?.trim() || null };
      if (device) {
        await updateDevice({ ...body, id: device.id });
        return null;
      }
      return (await addDevice(body)).token;
    },
    onClose,
    refresh: [deviceKeys.devices],
    afterClose: (token, v) => {
      if (token) showToken(v.deviceName.trim(), token, '设备已新增');
    },
  });
  const type = Form.useWatch('deviceType', dialog.form);
  const atGate = type !== undefined && DEVICE_TYPES_AT_GATE.includes(type);
  return (
    <EditModal<DeviceForm>
      title={device ? '编辑设备' : '新增设备'}
      {...dialog}
      name="device"
      layout="vertical"
      initialValues={
        device
          ? { deviceCode: device.deviceCode, deviceName: device.deviceName, deviceType: device.deviceType, gateId: device.gateId, remark: device.remark }
          : { deviceType: 'gate', gateId: null }
      }
    >
      <Form.Item
        label="设备编号"
        name="deviceCode"
        rules={[
          { required: true, whitespace: true, message: '请输入设备编号' },
          { pattern: DEVICE_CODE_PATTERN, message: DEVICE_CODE_MESSAGE },
        ]}
      >
        <Input maxLength={64} autoComplete="off" placeholder="如 CAM-G01-IN" />
      </Form.Item>
      <Form.Item label="设备名称" name="deviceName" rules={[{ required: true, whitespace: true, message: '请输入设备名称' }]}>
        <Input maxLength={64} autoComplete="off" />
      </Form.Item>
      <Form.Item label="设备类型" name="deviceType" rules={[{ required: true, message: '请选择设备类型' }]}>
        <Select options={TYPE_OPTIONS} />
      </Form.Item>
      <Form.Item
        label="所在道口"
        name="gateId"
        rules={[{ required: atGate, message: DEVICE_GATE_REQUIRED_MESSAGE }]}
        extra={atGate ? undefined : '可不选'}
      >
        <Select allowClear placeholder="请选择道口" options={gates.map((g) => ({ value: g.id, label: g.gateName }))} />
      </Form.Item>
      <Form.Item label="备注" name="remark">
        <Input.TextArea maxLength={200} rows={2} />
      </Form.Item>
    </EditModal>
  );
}

/** 系统管理 › 设备管理: the devices that report to the park, and their tokens. */
export function DeviceManagePage() {
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const showToken = useShowTokenOnce();
  const paging = usePaging();
  const { pageNum, pageSize } = paging;
  const [keyword, setKeyword] = useState('');
  const [deviceType, setDeviceType] = useState<DeviceType | undefined>(undefined);
  const [online, setOnline] = useState<0 | 1 | undefined>(undefined);
  const [editing, setEditing] = useState<{ device: ParkDevice | null } | null>(null);

  const { data, isFetching } = useQuery({
    queryKey: [...deviceKeys.devices, { pageNum, pageSize, keyword, deviceType, online }],
    queryFn: ({ signal }) => listDevices({ pageNum, pageSize, keyword: keyword || undefined, deviceType, online }, signal),
    placeholderData: keepPreviousData,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: deviceKeys.devices });

  const resetToken = (d: ParkDevice) =>
    modal.confirm({
      title: `确认重置设备「${d.deviceName}」的令牌吗？`,
      content: '旧令牌将立即失效，设备需配置新令牌后才能继续上报。',
      okText: '确定',
      cancelText: '取消',
      onOk: () => settled(async () => showToken(d.deviceName, (await resetDeviceToken(d.id)).token, '令牌已重置')),
    });
  const toggle = (d: ParkDevice) => {
    const disabling = d.status === 0;
    modal.confirm({
      title: disabling ? `确认停用设备「${d.deviceName}」吗？` : `确认启用设备「${d.deviceName}」吗？`,
      content: disabling ? '停用后该设备的令牌不能再上报数据。' : undefined,
      okText: '确定',
      cancelText: '取消',
      onOk: async () => {
        if (await settled(() => setDeviceStatus(d.id, disabling ? 1 : 0))) void message.success(disabling ? '已停用' : '已启用');
        await refresh();
      },
    });
  };

  const columns: TableColumnsType<ParkDevice> = [
    { title: '设备编号', dataIndex: 'deviceCode', width: 150, ellipsis: true },
    { title: '设备名称', dataIndex: 'deviceName', ellipsis: true },
    { title: '设备类型', dataIndex: 'deviceTypeName', width: 120 },
    { title: '所在道口', dataIndex: 'gateName', width: 150, render: (v: string | null) => v ?? '-' },
    { title: '令牌', dataIndex: 'tokenHint', width: 90, render: (v: string) => <code>{v}</code> },
    {
      title: '在线状态',
      dataIndex: 'online',
      width: 90,
      render: (v: 0 | 1) => <Tag color={v === 1 ? 'success' : 'default'}>{ONLINE_STATES[v]}</Tag>,
    },
    { title: '最近上报', dataIndex: 'lastSeenTime', width: 170, render: (v: string | null) => v ?? '-' },
    { title: '状态', dataIndex: 'status', width: 76, render: (v: number) => <StatusTag status={v} /> },
    {
      title: '操作',
      key: 'action',
      width: 240,
      fixed: 'right',
      render: (_v, d) => (
        <Space size={0} wrap>
          <Button type="link" size="small" onClick={() => setEditing({ device: d })}>
            编辑
          </Button>
          <Button type="link" size="small" onClick={() => resetToken(d)}>
            重置令牌
          </Button>
          <Button type="link" size="small" onClick={() => toggle(d)}>
            {d.status === 0 ? '停用' : '启用'}
          </Button>
          <DeleteLink
            what={`将删除设备「${d.deviceName}」。已上报过数据的设备不能删除，只能停用。`}
            remove={async () => {
              await deleteDevice(d.id);
              await refresh();
            }}
          />
        </Space>
      ),
    },
  ];

  return (
    <ListPage
      title="设备管理"
      extra={
        <Button type="primary" icon={<PlusOutlined aria-hidden="true" />} onClick={() => setEditing({ device: null })}>
          新增设备
        </Button>
      }
    >
      <Alert
        type="info"
        showIcon
        className="admin-hint"
        message="道闸、闸机、定位终端和报警主机凭各自的令牌向平台上报通行、定位、报警和在线状态（/api/ingest/…），令牌只在新增或重置时显示一次。"
      />
      <div className="list-toolbar">
        <div className="admin-filter">
          <Input.Search
            allowClear
            placeholder="设备编号或名称"
            enterButton={<SearchOutlined aria-label="搜索" />}
            style={{ width: 260 }}
            onSearch={(value) => {
              setKeyword(value.trim());
              paging.reset();
            }}
          />
          <Select<DeviceType | 'all'>
            value={deviceType ?? 'all'}
            style={{ width: 150 }}
            aria-label="设备类型"
            options={[{ value: 'all', label: '全部类型' }, ...TYPE_OPTIONS]}
            onChange={(v) => {
              setDeviceType(v === 'all' ? undefined : v);
              paging.reset();
            }}
          />
          <Select<0 | 1 | 'all'>
            value={online ?? 'all'}
            style={{ width: 120 }}
            aria-label="在线状态"
            options={[
              { value: 'all', label: '全部' },
              { value: 1, label: ONLINE_STATES[1] },
              { value: 0, label: ONLINE_STATES[0] },
            ]}
            onChange={(v) => {
              setOnline(v === 'all' ? undefined : v);
              paging.reset();
            }}
          />
        </div>
      </div>
      <Table<ParkDevice>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={data?.rows ?? []}
        loading={isFetching}
        locale={tableLocale}
        scroll={{ x: 1200 }}
        pagination={tablePagination(paging, data?.total ?? 0)}
      />
      {editing && <DeviceDialog device={editing.device} onClose={() => setEditing(null)} />}
    </ListPage>
  );
}
