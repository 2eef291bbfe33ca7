import { useState } from 'react';
import { Alert, App, Form, Input, Modal, Select, Spin, TreeSelect } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminMenu } from '@park/core';
import { EditModal, useEditDialog } from '../../../lib/EditModal.tsx';
import { errorMessage } from '../../../lib/http.ts';
import { MENUS_QUERY_KEY } from '../../../lib/shellApi.ts';
import { keys as systemKeys, listRole } from '../../system/api.ts';
import { copyReport, createReport, REPORT_KIND_TEXT, reportDefKeys, reportRoles, saveGroup, saveReportRoles, updateReport, type ReportGroup, type ReportKind, type ReportRow } from '../reportApi.ts';
import { menusOfReport, publishReport, reportViewPath } from './publish.ts';

const KINDS = Object.entries(REPORT_KIND_TEXT).map(([value, label]) => ({ value, label }));
const refresh = [reportDefKeys.list, reportDefKeys.groups];
const nameRules = [{ required: true, whitespace: true, message: '请输入报表名称' }, { max: 100, message: '报表名称不能超过100个字符' }];
const groupOptions = (groups: ReportGroup[]) => [{ value: 0, label: '未分组' }, ...groups.map((g) => ({ value: g.id, label: g.name }))];

interface ReportForm {
  reportName: string;
  kind: ReportKind;
  groupId: number;
}

/** 新建报表 and 编辑 (name, kind, group) share one dialog. */
export function ReportDialog({ row, groups, defaultGroup, onClose, onCreated }: { row: ReportRow | null; groups: ReportGroup[]; defaultGroup: number | null; onClose(): void; onCreated?(id: number): void }) {
  const dialog = useEditDialog({
    save: async (v: ReportForm) => {
      const groupId = v.groupId || null;
      if (row) return updateReport({ reportId: row.reportId, reportName: v.reportName.trim(), kind: v.kind, groupId });
      const { reportId } = await createReport({ reportName: v.reportName.trim(), kind: v.kind, groupId });
      return { reportId };
    },
    onClose,
    refresh,
    afterClose: (r) => {
      if (!row && r && typeof r === 'object' && 'reportId' in r) onCreated?.(Number((r as { reportId: number }).reportId));
    },
  });
  return (
    <EditModal<ReportForm> title={row ? '编辑报表' : '新建报表'} {...dialog} name="report" layout="vertical" initialValues={row ? { reportName: row.reportName, kind: row.kind, groupId: row.groupId ?? 0 } : { kind: 'dashboard', groupId: defaultGroup ?? 0 }}>
      <Form.Item label="报表名称" name="reportName" rules={nameRules}>
        <Input maxLength={100} autoComplete="off" />
      </Form.Item>
      <Form.Item label="类型" name="kind">
        <Select options={KINDS} />
      </Form.Item>
      <Form.Item label="分组" name="groupId">
        <Select options={groupOptions(groups)} />
      </Form.Item>
    </EditModal>
  );
}

export function CopyDialog({ row, onClose }: { row: ReportRow; onClose(): void }) {
  const dialog = useEditDialog({ save: (v: { reportName: string }) => copyReport({ reportId: row.reportId, reportName: v.reportName.trim() }), onClose, refresh, savedText: '复制成功' });
  return (
    <EditModal<{ reportName: string }> title="复制报表" {...dialog} name="copy" layout="vertical" initialValues={{ reportName: `${row.reportName}-副本` }}>
      <Form.Item label="报表名称" name="reportName" rules={nameRules}>
        <Input maxLength={100} autoComplete="off" />
      </Form.Item>
    </EditModal>
  );
}

export function GroupDialog({ group, onClose }: { group: ReportGroup | null; onClose(): void }) {
  const dialog = useEditDialog({ save: (v: { name: string }) => saveGroup({ ...(group ? { id: group.id } : {}), name: v.name.trim() }), onClose, refresh });
  return (
    <EditModal<{ name: string }> title={group ? '重命名分组' : '新建分组'} {...dialog} name="group" layout="vertical" initialValues={{ name: group?.name ?? '' }}>
      <Form.Item label="分组名称" name="name" rules={[{ required: true, whitespace: true, message: '请输入分组名称' }, { max: 64 }]}>
        <Input maxLength={64} autoComplete="off" />
      </Form.Item>
    </EditModal>
  );
}

function useRoleOptions() {
  const roles = useQuery({ queryKey: ['report-roles'], queryFn: ({ signal }) => listRole({ pageNum: 1, pageSize: 100 }, signal) });
  // The system administrator's role sees and reads everything already.
  return { loading: roles.isLoading, options: (roles.data?.rows ?? []).filter((r) => r.roleCode !== 'sys_admin').map((r) => ({ value: r.id, label: r.roleName })) };
}

/** 权限: the roles whose users may read the report (the server checks every call against them). */
export function PermissionDialog({ row, onClose }: { row: ReportRow; onClose(): void }) {
  const current = useQuery({ queryKey: ['report-readers', row.reportId], queryFn: () => reportRoles(row.reportId), gcTime: 0 });
  const roles = useRoleOptions();
  const dialog = useEditDialog({ save: (v: { roleIds: number[] }) => saveReportRoles(row.reportId, v.roleIds ?? []), onClose, refresh });
  if (!current.data) return <Modal open footer={null} onCancel={onClose} title="报表权限"><Spin /></Modal>;
  return (
    <EditModal<{ roleIds: number[] }> title={`报表权限：${row.reportName}`} {...dialog} name="readers" layout="vertical" initialValues={{ roleIds: current.data }}>
      <Form.Item label="可查看的角色" name="roleIds">
        <Select mode="multiple" allowClear loading={roles.loading} optionFilterProp="label" options={roles.options} placeholder="请选择角色" />
      </Form.Item>
    </EditModal>
  );
}

interface TreeNode {
  value: number;
  title: string;
  children: TreeNode[];
}
const parentChoices = (menus: AdminMenu[]): TreeNode[] => menus.filter((m) => m.menuType === 'menu').map((m) => ({ value: m.id, title: m.name, children: parentChoices(m.children ?? []) }));

/** 发布: a menu for the report, granted (with reading the report) to the chosen roles. */
export function PublishDialog({ row, onClose }: { row: ReportRow; onClose(): void }) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<{ name: string; parentId?: number; roleIds: number[] }>();
  const [saving, setSaving] = useState(false);
  const menus = useQuery({ queryKey: ['report-menus', row.reportId], queryFn: ({ signal }) => menusOfReport(row.reportId, signal), gcTime: 0 });
  const roles = useRoleOptions();
  const publish = async () => {
    const v = await form.validateFields();
    setSaving(true);
    try {
      await publishReport({ reportId: row.reportId, name: v.name.trim(), parentId: v.parentId ?? null, roleIds: v.roleIds ?? [] });
      await queryClient.invalidateQueries({ queryKey: MENUS_QUERY_KEY });
      await queryClient.invalidateQueries({ queryKey: systemKeys.menus });
      for (const k of refresh) await queryClient.invalidateQueries({ queryKey: k });
      void message.success('发布成功');
      onClose();
    } catch (err) {
      void message.error(errorMessage(err, '发布失败'));
    } finally {
      setSaving(false);
    }
  };
  const existing = menus.data?.existing ?? [];
  return (
    <Modal open title="发布到菜单" okText="发布" cancelText="取消" onOk={() => void publish()} onCancel={onClose} okButtonProps={{ loading: saving, disabled: !menus.data }} destroyOnHidden>
      {menus.isLoading ? (
        <Spin />
      ) : (
        <>
          <Alert type={existing.length ? 'warning' : 'info'} showIcon title={existing.length ? `已有菜单打开此报表：${existing.map((m) => m.name).join('、')}` : `菜单将打开 ${reportViewPath(row.reportId)}`} style={{ marginBottom: 12 }} />
          <Form form={form} layout="vertical" name="publish" initialValues={{ name: row.reportName, roleIds: [] }}>
            <Form.Item name="name" label="菜单名称" rules={[{ required: true, whitespace: true, message: '请输入菜单名称' }, { max: 64 }]}>
              <Input maxLength={64} />
            </Form.Item>
            <Form.Item name="parentId" label="上级菜单">
              <TreeSelect allowClear showSearch treeNodeFilterProp="title" placeholder="不选则为一级菜单" treeDefaultExpandAll treeData={parentChoices(menus.data?.tree ?? [])} />
            </Form.Item>
            <Form.Item name="roleIds" label="授权角色" extra="所选角色的用户将在菜单中看到此报表，并可查看其数据">
              <Select mode="multiple" allowClear loading={roles.loading} optionFilterProp="label" options={roles.options} placeholder="请选择角色" />
            </Form.Item>
          </Form>
        </>
      )}
    </Modal>
  );
}
