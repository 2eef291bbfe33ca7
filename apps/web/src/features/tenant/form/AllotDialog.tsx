import { useMemo, useState } from 'react';
import { App, Button, Card, Collapse, Modal, Spin, Steps, Table, Tag, Transfer, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { ALLOT_STATUS, allotStatusText, NO_TENANT_CHOSEN, type AllotKind, type AllotTenant, type PlatFormConfRow } from '@park/core';
import { errorMessage } from '../../../lib/http.ts';
import { ALLOT_QUERY_ROOT, analyzeFormDepends, queryAllotTenants, startRun, syncFormConfStatus } from './api.ts';

/*
 * The three-step dialog of 表单分配 / 同步配置 (screens-round3 §1.2): 依赖分析, 租户选择, then the
 * run's result polled every 2 s. Steps 1 and 2 can be clicked back and forth; the result cannot.
 */

const TITLES: Record<AllotKind, { dialog: string; run: string; result: string; column: string }> = {
  allot: { dialog: '表单分配', run: '表单分配', result: '分配结果', column: '分配状态' },
  sync: { dialog: '表单配置同步', run: '同步配置', result: '同步结果', column: '同步状态' },
};

const TAG_COLOR: Record<number, string> = {
  [ALLOT_STATUS.queued]: 'default',
  [ALLOT_STATUS.running]: 'processing',
  [ALLOT_STATUS.done]: 'success',
  [ALLOT_STATUS.partly]: 'warning',
  [ALLOT_STATUS.failed]: 'error',
};

const POLL_MS = 2000;

function DependencyStep({ form }: { form: PlatFormConfRow }) {
  const { data, isLoading, error } = useQuery({
    queryKey: [...ALLOT_QUERY_ROOT, 'depends', form.formId],
    queryFn: ({ signal }) => analyzeFormDepends([form.formId], signal),
  });
  if (isLoading) return <Spin />;
  if (error) return <Typography.Text type="danger">{errorMessage(error, '依赖分析失败')}</Typography.Text>;
  const depends = Object.values(data?.dependsFormMap ?? {});
  const tables = data?.dependTables ?? [];
  const dictionaries = data?.dependDictionaries ?? [];
  const originals = Object.entries(data?.originalFormMap ?? {});
  return (
    <div>
      <Typography.Title level={5}>表单名称/依赖表单名称</Typography.Title>
      <Collapse
        defaultActiveKey={originals.map(([id]) => id)}
        items={originals.map(([id, name]) => ({
          key: id,
          label: name,
          children: (
            <ul className="tenant-allot-depends">
              {depends.map((d) => (
                <li key={`f-${d}`}>依赖表单：{d}</li>
              ))}
              {tables.map((t) => (
                <li key={`t-${t}`}>依赖表：{t}</li>
              ))}
              {dictionaries.map((c) => (
                <li key={`d-${c}`}>依赖字典：{c}</li>
              ))}
              {depends.length + tables.length + dictionaries.length === 0 && <li>无依赖</li>}
            </ul>
          ),
        }))}
      />
    </div>
  );
}

function TenantStep({ form, kind, chosen, onChange }: { form: PlatFormConfRow; kind: AllotKind; chosen: string[]; onChange: (keys: string[]) => void }) {
  const { data, isLoading } = useQuery({
    queryKey: [...ALLOT_QUERY_ROOT, 'tenants', form.formId],
    queryFn: () => queryAllotTenants(form.formId),
  });
  const candidates: AllotTenant[] = useMemo(() => {
    const held = data?.tenantList ?? [];
    if (kind === 'sync') return held;
    const ids = new Set(held.map((t) => t.id));
    return (data?.allTenantList ?? []).filter((t) => !ids.has(t.id));
  }, [data, kind]);
  const allotted = data?.tenantList ?? [];
  if (isLoading) return <Spin />;
  return (
    <div>
      {kind === 'allot' && (
        <Card size="small" title={`已分配租户（${allotted.length}）`} className="tenant-allot-held">
          {allotted.length === 0 ? '暂无' : allotted.map((t) => t.tenantName).join('、')}
        </Card>
      )}
      <Transfer<AllotTenant & { key: string; disabled: boolean }>
        dataSource={candidates.map((t) => ({ ...t, key: String(t.id), disabled: t.status !== 1 }))}
        titles={kind === 'allot' ? ['选择租户', '已选择租户'] : ['待选择租户', '已选择租户']}
        targetKeys={chosen}
        onChange={(keys) => onChange(keys.map(String))}
        render={(t) => (t.status === 1 ? t.tenantName : `${t.tenantName}（已禁用）`)}
        showSearch
        listStyle={{ width: 300, height: 360 }}
        locale={{ itemUnit: '个', itemsUnit: '个', notFoundContent: '暂无租户', searchPlaceholder: '请输入租户名称' }}
      />
    </div>
  );
}

function ResultStep({ kind, taskKey, tenants }: { kind: AllotKind; taskKey: string; tenants: AllotTenant[] }) {
  const { data } = useQuery({
    queryKey: [...ALLOT_QUERY_ROOT, 'status', taskKey],
    queryFn: () => syncFormConfStatus(taskKey),
    refetchInterval: (q) => (q.state.data?.status === 'syncing' || !q.state.data ? POLL_MS : false),
  });
  const codeOf = (id: number): number => {
    const desc = data?.statusDesc?.[String(id)];
    if (desc !== undefined) return desc;
    return data?.status === 'failed' ? ALLOT_STATUS.failed : ALLOT_STATUS.running;
  };
  return (
    <Table<AllotTenant>
      rowKey="id"
      size="small"
      pagination={false}
      dataSource={tenants}
      columns={[
        { title: '租户名称', dataIndex: 'tenantName' },
        {
          title: TITLES[kind].column,
          key: 'status',
          render: (_v, t) => {
            const code = codeOf(t.id);
            const reason = data?.statusMsg?.[String(t.id)];
            return (
              <span>
                <Tag color={TAG_COLOR[code] ?? 'error'}>{allotStatusText(kind, code)}</Tag>
                {reason && <Typography.Text type="secondary">{reason}</Typography.Text>}
              </span>
            );
          },
        },
      ]}
    />
  );
}

export function AllotDialog({ form, kind, onClose }: { form: PlatFormConfRow; kind: AllotKind; onClose: () => void }) {
  const { message } = App.useApp();
  const [step, setStep] = useState(0);
  const [chosen, setChosen] = useState<string[]>([]);
  const [run, setRun] = useState<{ key: string; tenants: AllotTenant[] } | null>(null);
  const [starting, setStarting] = useState(false);
  const tenants = useQuery({ queryKey: [...ALLOT_QUERY_ROOT, 'tenants', form.formId], queryFn: () => queryAllotTenants(form.formId) });
  const titles = TITLES[kind];

  const start = async () => {
    if (chosen.length === 0) {
      message.error(NO_TENANT_CHOSEN);
      return;
    }
    setStarting(true);
    try {
      const ids = chosen.map(Number);
      const key = await startRun(kind, form.formId, ids);
      const known = new Map([...(tenants.data?.allTenantList ?? []), ...(tenants.data?.tenantList ?? [])].map((t) => [t.id, t]));
      setRun({ key, tenants: ids.map((id) => known.get(id) ?? { id, tenantName: String(id), status: 1 }) });
      setStep(2);
    } catch (err) {
      message.error(errorMessage(err, `${titles.run}失败`));
    } finally {
      setStarting(false);
    }
  };

  const footer =
    step === 0
      ? [<Button key="next" type="primary" onClick={() => setStep(1)}>下一步</Button>]
      : step === 1
        ? [
            <Button key="back" onClick={() => setStep(0)}>上一步</Button>,
            <Button key="run" type="primary" loading={starting} onClick={() => void start()}>{titles.run}</Button>,
          ]
        : null;

  return (
    <Modal open title={`${titles.dialog}：${form.formName}`} width="70%" onCancel={onClose} footer={footer} destroyOnHidden maskClosable={false}>
      <Steps
        current={step}
        onChange={(next) => {
          if (step < 2 && next < 2) setStep(next);
        }}
        items={[{ title: '依赖分析' }, { title: '租户选择' }, { title: titles.result, disabled: true }].map((s, i) => ({ ...s, disabled: step === 2 || i === 2 }))}
        className="tenant-allot-steps"
      />
      {step === 0 && <DependencyStep form={form} />}
      {step === 1 && <TenantStep form={form} kind={kind} chosen={chosen} onChange={setChosen} />}
      {step === 2 && run && <ResultStep kind={kind} taskKey={run.key} tenants={run.tenants} />}
    </Modal>
  );
}
