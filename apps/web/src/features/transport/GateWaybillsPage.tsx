import { Alert, Button, Table, Tag, type TableColumnsType } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { errorMessage, get } from '../../lib/http.ts';
import { ListPage, tableLocale } from '../../lib/ListPage.tsx';
import { formatDateTime } from '@park/core';

/** One hazardous vehicle in the park with its waybill (/api/transport/gate, apps/transport/gateView.ts). */
interface GateRow {
  plate: string;
  gateName: string;
  enteredTime: string;
  companyName: string | null;
  material: string | null;
  valid: boolean;
  waybill: { waybillNo: string; planTime: string; sender: string; receiver: string; driver: string; escort: string; goods: string; approveStatus: string } | null;
}

const gateRows = () => get<{ datas: GateRow[] }>('/api/transport/gate').then((r) => r.datas);

/**
 * 门岗运单 (危化品运输, issue 41; 专项服务): the hazardous vehicles in the park now, each with the
 * waybill it entered on. One without a valid approved waybill of its day is marked, and the gate
 * check has raised 无有效运单入园 on the console for it.
 */
export function GateWaybillsPage() {
  const rows = useQuery({ queryKey: ['transport', 'gate'], queryFn: gateRows, refetchInterval: 30_000 });
  const columns: TableColumnsType<GateRow> = [
    { title: '车牌号码', dataIndex: 'plate', width: 110 },
    { title: '入园道口', dataIndex: 'gateName', width: 100 },
    { title: '入园时间', dataIndex: 'enteredTime', width: 170, render: (v: string) => formatDateTime(new Date(v)) },
    {
      title: '运单',
      key: 'valid',
      width: 150,
      render: (_: unknown, r) => (r.valid ? <Tag color="green">有效运单</Tag> : <Tag color="red">{r.waybill ? '运单未审批通过' : '无运单'}</Tag>),
    },
    { title: '运单编号', key: 'no', render: (_: unknown, r) => r.waybill?.waybillNo ?? '-' },
    { title: '托运方', key: 'sender', render: (_: unknown, r) => r.waybill?.sender || '-' },
    { title: '收货企业', key: 'receiver', render: (_: unknown, r) => r.waybill?.receiver || '-' },
    { title: '驾驶员', key: 'driver', render: (_: unknown, r) => r.waybill?.driver || '-' },
    { title: '押运员', key: 'escort', render: (_: unknown, r) => r.waybill?.escort || '-' },
    { title: '运输货物', key: 'goods', render: (_: unknown, r) => r.waybill?.goods || r.material || '-' },
  ];
  return (
    <ListPage title="门岗运单" extra={<Button onClick={() => void rows.refetch()}>刷新</Button>}>
      {rows.error ? <Alert type="error" showIcon title={errorMessage(rows.error, '园区车辆加载失败')} /> : null}
      <Table<GateRow> rowKey="plate" size="small" loading={rows.isLoading} columns={columns} dataSource={rows.data ?? []} pagination={{ pageSize: 20 }} locale={tableLocale} />
    </ListPage>
  );
}
