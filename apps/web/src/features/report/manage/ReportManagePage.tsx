import { useState } from 'react';
import { useNavigate } from 'react-router';
import { App, Button, Dropdown, Menu, Space, Table, Tag, type TableColumnsType } from 'antd';
import { EllipsisOutlined, FolderAddOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ListPage, tableLocale } from '../../../lib/ListPage.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { deleteGroup, deleteReport, listGroups, listReports, REPORT_KIND_TEXT, reportDefKeys, type ReportGroup, type ReportRow } from '../reportApi.ts';
import { CopyDialog, GroupDialog, PermissionDialog, PublishDialog, ReportDialog } from './dialogs.tsx';
import '../report.css';

type Open =
  | { kind: 'report'; row: ReportRow | null }
  | { kind: 'copy' | 'permission' | 'publish'; row: ReportRow }
  | { kind: 'group'; group: ReportGroup | null }
  | null;

/** 报表管理 (issue 22): reports and dashboards by group; design, view, publish, grant, copy, delete. */
export function ReportManagePage() {
  const { modal, message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [group, setGroup] = useState<number | 'none' | null>(null);
  const [open, setOpen] = useState<Open>(null);
  const groups = useQuery({ queryKey: reportDefKeys.groups, queryFn: ({ signal }) => listGroups(signal) });
  const reports = useQuery({ queryKey: [...reportDefKeys.list, group], queryFn: ({ signal }) => listReports(group, signal) });
  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: reportDefKeys.list });
    await queryClient.invalidateQueries({ queryKey: reportDefKeys.groups });
  };

  const remove = (row: ReportRow) =>
    modal.confirm({
      title: '确认删除该记录吗?',
      content: `删除报表「${row.reportName}」后不可恢复`,
      okText: '确定',
      cancelText: '取消',
      okButtonProps: { danger: true },
      onOk: async () => {
        await deleteReport(row.reportId);
        void message.success('删除成功');
        await refresh();
      },
    });

  const removeGroup = (g: ReportGroup) =>
    modal.confirm({
      title: '确认删除该记录吗?',
      content: `删除分组「${g.name}」，其中的报表移到未分组`,
      okText: '确定',
      cancelText: '取消',
      onOk: async () => {
        await deleteGroup(g.id);
        void message.success('删除成功');
        if (group === g.id) setGroup(null);
        await refresh();
      },
    });

  const columns: TableColumnsType<ReportRow> = [
    { title: '报表名称', dataIndex: 'reportName', render: (v: string, r) => <a onClick={() => void navigate(`/report/design/${r.reportId}`)}>{v}</a> },
    { title: '类型', dataIndex: 'kind', width: 90, render: (v: ReportRow['kind']) => <Tag color={v === 'dashboard' ? 'blue' : 'default'}>{REPORT_KIND_TEXT[v]}</Tag> },
    { title: '分组', dataIndex: 'groupName', width: 140, render: (v: string | null) => v ?? '未分组' },
    { title: '授权角色', dataIndex: 'roleCount', width: 90, render: (v: number) => (v ? `${v} 个` : '-') },
    { title: '更新时间', dataIndex: 'updateTime', width: 170, render: (v: string) => formatDateTime(v) },
    {
      title: '操作',
      key: 'action',
      width: 280,
      render: (_v, r) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => void navigate(`/report/design/${r.reportId}`)}>
            设计
          </Button>
          <Button type="link" size="small" onClick={() => void navigate(`/report/view/${r.reportId}`)}>
            查看
          </Button>
          <Button type="link" size="small" onClick={() => setOpen({ kind: 'publish', row: r })}>
            发布
          </Button>
          <Button type="link" size="small" onClick={() => setOpen({ kind: 'permission', row: r })}>
            权限
          </Button>
          <Dropdown
            menu={{
              items: [
                { key: 'edit', label: '重命名' },
                { key: 'copy', label: '复制' },
                { key: 'delete', label: '删除', danger: true },
              ],
              onClick: ({ key }) => (key === 'edit' ? setOpen({ kind: 'report', row: r }) : key === 'copy' ? setOpen({ kind: 'copy', row: r }) : remove(r)),
            }}
          >
            <Button type="link" size="small" icon={<EllipsisOutlined />} aria-label={`更多操作${r.reportName}`} />
          </Dropdown>
        </Space>
      ),
    },
  ];

  const groupList = groups.data ?? [];
  const groupKey = group === null ? 'all' : String(group);
  return (
    <ListPage
      title="报表管理"
      extra={
        <Space>
          <Button icon={<FolderAddOutlined />} onClick={() => setOpen({ kind: 'group', group: null })}>
            新建分组
          </Button>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setOpen({ kind: 'report', row: null })}>
            新建报表
          </Button>
        </Space>
      }
    >
      <div className="rm-layout">
        <Menu
          className="rm-groups"
          aria-label="报表分组"
          selectedKeys={[groupKey]}
          onClick={({ key }) => setGroup(key === 'all' ? null : key === 'none' ? 'none' : Number(key))}
          items={[
            { key: 'all', label: '全部报表' },
            { key: 'none', label: '未分组' },
            ...groupList.map((g) => ({
              key: String(g.id),
              label: (
                <span className="rm-group">
                  <span>
                    {g.name}（{g.reports}）
                  </span>
                  <Dropdown
                    trigger={['click']}
                    menu={{
                      items: [
                        { key: 'rename', label: '重命名' },
                        { key: 'delete', label: '删除', danger: true },
                      ],
                      onClick: ({ key, domEvent }) => {
                        domEvent.stopPropagation();
                        if (key === 'rename') setOpen({ kind: 'group', group: g });
                        else removeGroup(g);
                      },
                    }}
                  >
                    <EllipsisOutlined aria-label={`分组操作${g.name}`} onClick={(e) => e.stopPropagation()} />
                  </Dropdown>
                </span>
              ),
            })),
          ]}
        />
        <Table<ReportRow> className="rm-table" rowKey="reportId" size="middle" loading={reports.isLoading} columns={columns} dataSource={reports.data ?? []} locale={tableLocale} pagination={{ pageSize: 20, hideOnSinglePage: true }} />
      </div>
      {open?.kind === 'report' && <ReportDialog row={open.row} groups={groupList} defaultGroup={typeof group === 'number' ? group : null} onClose={() => setOpen(null)} onCreated={(id) => void navigate(`/report/design/${id}`)} />}
      {open?.kind === 'copy' && <CopyDialog row={open.row} onClose={() => setOpen(null)} />}
      {open?.kind === 'permission' && <PermissionDialog row={open.row} onClose={() => setOpen(null)} />}
      {open?.kind === 'publish' && <PublishDialog row={open.row} onClose={() => setOpen(null)} />}
      {open?.kind === 'group' && <GroupDialog group={open.group} onClose={() => setOpen(null)} />}
    </ListPage>
  );
}
