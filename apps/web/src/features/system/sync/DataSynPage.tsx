import { useMemo, useState } from 'react';
import { App, Button, Card, Empty, Form, Radio, Select, Space, Table, Tabs, Tag, Tree, Typography, type TableColumnsType } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { SYNC_TEXT } from '@park/core';
import { tableLocale } from '../../../lib/ListPage.tsx';
import { settled } from '../common.tsx';
import { addSysRelInter, listInter, listSyncSystems, listSysPush, syncKeys, type ListInterReply, type PushRow } from './syncApi.ts';
import '../system.css';

/*
 * 数据同步 (screens-round3 §5.3, issue 40): the sub-systems that sync on the left, the interfaces they
 * may pull on the right (checked: granted), for every tenant or the chosen ones; and the 推送记录 of
 * the webhook (ADR 0047).
 */

type Scope = 'all' | 'some';

const ENTITY_TEXT: Record<string, string> = { organisations: '组织机构', users: '用户', roles: '角色', companies: '企业（租户）', dictionaries: '数据字典' };
const STATUS_COLOR: Record<number, string> = { 0: 'default', 1: 'success', 2: 'error' };

/** The saved grants as the screen edits them. */
function savedChoice(reply: ListInterReply | undefined) {
  const grants = reply?.sysRelInterList ?? [];
  const interIds = [...new Set(grants.map((g) => g.interId))];
  const all = grants.length === 0 || grants.some((g) => g.tenantId === null);
  const tenantIds = all ? [] : [...new Set(grants.map((g) => g.tenantId!))];
  return { interIds, scope: (all ? 'all' : 'some') as Scope, tenantIds };
}

function GrantEditor({ sysId }: { sysId: number }) {
  const { modal, message } = App.useApp();
  const queryClient = useQueryClient();
  const inter = useQuery({ queryKey: syncKeys.inter(sysId), queryFn: ({ signal }) => listInter(sysId, signal) });
  const saved = useMemo(() => savedChoice(inter.data), [inter.data]);
  // What the user changed since the last load; null shows the saved grants (取消 returns to them).
  const [draft, setDraft] = useState<ReturnType<typeof savedChoice> | null>(null);
  const { interIds: checked, scope, tenantIds } = draft ?? saved;
  const edit = (change: Partial<ReturnType<typeof savedChoice>>) => setDraft({ ...(draft ?? saved), ...change });
  const reset = () => setDraft(null);

  const treeData = (inter.data?.list ?? []).map((i) => ({ key: i.id, title: i.interName }));
  const save = () =>
    modal.confirm({
      title: SYNC_TEXT.saveConfirm,
      okText: '确定',
      cancelText: '取消',
      onOk: async () => {
        if (scope === 'some' && tenantIds.length === 0) {
          void message.warning('请选择租户');
          return;
        }
        const ok = await settled(() => addSysRelInter(sysId, checked, scope === 'all' ? [] : tenantIds));
        if (!ok) return;
        void message.success(SYNC_TEXT.saved);
        await queryClient.invalidateQueries({ queryKey: syncKeys.inter(sysId) });
        setDraft(null);
      },
    });

  return (
    <div className="datasyn-grants">
      <Form layout="vertical">
        <Form.Item label="同步接口">
          {treeData.length ? (
            <Tree
              checkable
              selectable={false}
              aria-label="同步接口"
              treeData={treeData}
              checkedKeys={checked}
              onCheck={(keys) => edit({ interIds: (Array.isArray(keys) ? keys : keys.checked).map(Number) })}
            />
          ) : (
            <Empty description={inter.isLoading ? '加载中…' : '暂无接口'} />
          )}
        </Form.Item>
        <Form.Item label="授权范围">
          <Radio.Group value={scope} onChange={(e) => edit({ scope: e.target.value as Scope })}>
            <Radio value="all">全部租户</Radio>
            <Radio value="some">指定租户</Radio>
          </Radio.Group>
        </Form.Item>
        {scope === 'some' && (
          <Form.Item label="租户">
            <Select
              mode="multiple"
              aria-label="租户"
              placeholder="请选择租户"
              showSearch={{ optionFilterProp: 'label' }}
              style={{ maxWidth: 480 }}
              value={tenantIds}
              onChange={(ids: number[]) => edit({ tenantIds: ids })}
              options={(inter.data?.tenantList ?? []).map((t) => ({ value: t.id, label: t.tenantName }))}
            />
          </Form.Item>
        )}
        <Space>
          <Button type="primary" onClick={save}>
            保存
          </Button>
          <Button onClick={reset}>取消</Button>
        </Space>
      </Form>
    </div>
  );
}

function PushLog({ sysId }: { sysId: number }) {
  const [page, setPage] = useState({ num: 1, size: 10 });
  const pushes = useQuery({ queryKey: [...syncKeys.pushes(sysId, page.num), page.size], queryFn: ({ signal }) => listSysPush(sysId, page.num, page.size, signal) });
  const columns: TableColumnsType<PushRow> = [
    { title: '推送时间', dataIndex: 'createTime', width: 180, render: (v: string) => new Date(v).toLocaleString('zh-CN', { hour12: false }) },
    { title: '同步接口', dataIndex: 'entities', render: (v: string[]) => v.map((e) => ENTITY_TEXT[e] ?? e).join('、') },
    { title: '变更数', dataIndex: 'changeCount', width: 80 },
    { title: '变更序号', key: 'seq', width: 140, render: (_: unknown, r) => `${r.fromSeq} – ${r.toSeq}` },
    { title: '状态', dataIndex: 'status', width: 90, render: (v: number, r) => <Tag color={STATUS_COLOR[v]}>{r.statusName}</Tag> },
    { title: '尝试次数', dataIndex: 'attempts', width: 90 },
    { title: '说明', dataIndex: 'lastError', render: (v: string | null, r) => v ?? (r.httpStatus ? `HTTP ${r.httpStatus}` : '') },
  ];
  return (
    <Table<PushRow>
      rowKey="id"
      size="small"
      className="datasyn-pushes"
      loading={pushes.isLoading}
      columns={columns}
      dataSource={pushes.data?.datas ?? []}
      locale={tableLocale}
      pagination={{ current: page.num, pageSize: page.size, total: pushes.data?.totalCount ?? 0, showSizeChanger: true, onChange: (num, size) => setPage({ num, size }) }}
    />
  );
}

export function DataSynPage() {
  const systems = useQuery({ queryKey: syncKeys.systems, queryFn: ({ signal }) => listSyncSystems(signal) });
  const [chosen, setChosen] = useState<number | null>(null);
  const list = systems.data ?? [];
  const current = list.find((s) => s.id === chosen) ?? list[0];
  return (
    <div className="admin-split">
      <Card title="数据同步" variant="borderless" className="admin-split-side admin-side-card datasyn-systems">
        {list.length ? (
          <Tree
            aria-label="子系统"
            blockNode
            selectedKeys={current ? [current.id] : []}
            treeData={list.map((s) => ({ key: s.id, title: s.sysName }))}
            onSelect={(keys) => keys[0] !== undefined && setChosen(Number(keys[0]))}
          />
        ) : (
          <Empty description={systems.isLoading ? '加载中…' : '暂无需要数据同步的子系统'} />
        )}
      </Card>
      <Card variant="borderless" className="admin-split-main datasyn-main" title={current ? current.sysName : '数据同步'}>
        {current ? (
          <Tabs
            items={[
              { key: 'grants', label: '同步接口', children: <GrantEditor key={current.id} sysId={current.id} /> },
              { key: 'pushes', label: '推送记录', children: <PushLog key={current.id} sysId={current.id} /> },
            ]}
          />
        ) : (
          <Typography.Text type="secondary">请先在“子系统”中将子系统设为需要数据同步</Typography.Text>
        )}
      </Card>
    </div>
  );
}
