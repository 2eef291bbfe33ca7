import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { App, Button, Form, Input, Radio, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { ADMIN_TEXT, USERNAME_MESSAGE, USERNAME_PATTERN, type OrgNode } from '@park/core';
import { ApiError } from '../../lib/http.ts';
import { listOrgTree, ORG_TREE_QUERY_KEY } from '../../lib/shellApi.ts';
import { keys, listRole } from './api.ts';

export const USER_TYPE_TEXT: Record<number, string> = { 0: '平台用户', 1: '企业管理员', 2: '企业用户' };
export const SEX_TEXT: Record<string, string> = { '0': '男', '1': '女' };

/**
 * Runs a call from a confirmation's onOk. A failed call has already been shown (the http client's
 * 错误 notification), so it resolves false instead of rejecting, which would keep the dialog open.
 */
export async function settled(run: () => Promise<unknown>): Promise<boolean> {
  try {
    await run();
    return true;
  } catch (e) {
    if (!(e instanceof ApiError)) throw e;
    return false;
  }
}

/** Asks with the spec's text, runs the delete, then says 删除成功 (spec 002 §5, §8). */
export function useConfirmDelete() {
  const { modal, message } = App.useApp();
  return (run: () => Promise<unknown>, content?: ReactNode) => {
    modal.confirm({
      title: ADMIN_TEXT.deleteConfirm,
      content,
      okText: '确定',
      cancelText: '取消',
      okButtonProps: { danger: true },
      onOk: async () => {
        // A refusal is already shown by the http client; the question closes either way.
        if (await settled(run)) void message.success(ADMIN_TEXT.deleted);
      },
    });
  };
}

/**
 * The 删除 link of a list row: asks with the spec's text and what will go, then deletes; `remove`
 * also refreshes what the deletion changed.
 */
export function DeleteLink({
  what,
  remove,
  disabled,
  title,
}: {
  what: ReactNode;
  remove: () => Promise<unknown>;
  disabled?: boolean;
  title?: string;
}) {
  const confirmDelete = useConfirmDelete();
  return (
    <Button type="link" size="small" danger disabled={disabled} title={title} onClick={() => confirmDelete(remove, what)}>
      删除
    </Button>
  );
}

/** A password shown once (new user, reset): copyable, and gone when the dialog closes. */
export function useShowPasswordOnce() {
  const { modal } = App.useApp();
  return (username: string, password: string, title: string) => {
    modal.success({
      title,
      width: 460,
      okText: '我已记下',
      content: (
        <div className="one-time-password">
          <p>
            用户 <b>{username}</b> 的密码如下，<b>仅显示这一次</b>，请立即转交本人并提醒其登录后修改：
          </p>
          <Typography.Paragraph copyable={{ text: password, tooltips: ['复制', '已复制'] }} className="one-time-password-value">
            <code data-testid="one-time-password">{password}</code>
          </Typography.Paragraph>
        </div>
      ),
    });
  };
}

/** A user row as the 停用/启用 and 重置密码 questions need it (platform and company users alike). */
interface AccountRow {
  id: number;
  username: string;
  realName: string;
  status: number;
}

/**
 * 停用/启用 and 重置密码 of a user, asked first (spec 002 §8). The platform's user list and a
 * company's user list differ only in the calls behind them.
 */
export function useAccountActions({
  setStatus,
  resetPassword,
  refresh,
}: {
  setStatus: (id: number, status: 0 | 1) => Promise<unknown>;
  resetPassword: (id: number) => Promise<{ password: string }>;
  refresh: () => Promise<unknown>;
}) {
  const { message, modal } = App.useApp();
  const showPassword = useShowPasswordOnce();
  const toggleStatus = (u: AccountRow) => {
    const disabling = u.status === 0;
    modal.confirm({
      title: disabling ? `确认停用用户「${u.realName}」吗？` : `确认启用用户「${u.realName}」吗？`,
      content: disabling ? '停用后该用户的所有登录会话将立即失效，且不能再登录。' : undefined,
      okText: '确定',
      cancelText: '取消',
      onOk: async () => {
        if (await settled(() => setStatus(u.id, disabling ? 1 : 0))) void message.success(disabling ? '已停用' : '已启用');
        await refresh();
      },
    });
  };
  const reset = (u: AccountRow) => {
    modal.confirm({
      title: `确认重置用户「${u.realName}」的密码吗？`,
      content: '将生成新的随机密码，该用户当前的登录会话将全部失效。',
      okText: '确定',
      cancelText: '取消',
      onOk: async () => {
        await settled(async () => showPassword(u.username, (await resetPassword(u.id)).password, '密码已重置'));
      },
    });
  };
  return { toggleStatus, reset };
}

/** 用户名, 姓名 and 性别 of a user dialog; the user name is fixed once the user exists. */
export function UserIdentityFields({ isEdit, usernamePlaceholder }: { isEdit: boolean; usernamePlaceholder?: string }) {
  return (
    <>
      <Form.Item
        label="用户名"
        name="username"
        rules={[
          { required: true, whitespace: true, message: '请输入用户名' },
          { pattern: USERNAME_PATTERN, message: USERNAME_MESSAGE },
        ]}
        extra={isEdit ? '用户名用于登录，创建后不能修改' : undefined}
      >
        <Input disabled={isEdit} placeholder={usernamePlaceholder} autoComplete="off" />
      </Form.Item>
      <Form.Item label="姓名" name="realName" rules={[{ required: true, whitespace: true, message: '请输入姓名' }]}>
        <Input maxLength={64} />
      </Form.Item>
      <Form.Item label="性别" name="sex">
        <Radio.Group
          options={[
            { label: '男', value: '0' },
            { label: '女', value: '1' },
          ]}
        />
      </Form.Item>
    </>
  );
}

export interface TreeOption {
  value: number;
  title: string;
  key: number;
  children: TreeOption[];
}

export function orgOptions(orgs: readonly OrgNode[]): TreeOption[] {
  return orgs.map((o) => ({ value: o.id, key: o.id, title: o.orgName, children: orgOptions(o.children) }));
}

/** The organisation tree (the shell's listOrgTree); admin pages invalidate it after a change. */
export function useOrgTree() {
  return useQuery({ queryKey: ORG_TREE_QUERY_KEY, queryFn: ({ signal }) => listOrgTree(signal), staleTime: 60_000 });
}

export function useAllRoles() {
  return useQuery({
    queryKey: [...keys.roles, 'all'],
    queryFn: async ({ signal }) => (await listRole({}, signal)).rows,
    staleTime: 60_000,
  });
}

export function useDebounced<T>(value: T, ms = 300): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

/**
 * An antd async validator that asks the server whether a name is taken, after the user pauses
 * typing (each keystroke restarts the wait; only the last answer counts).
 */
export function uniqueNameValidator(check: (name: string) => Promise<boolean>, message: string, delayMs = 350) {
  let seq = 0;
  return async (_rule: unknown, value: unknown) => {
    const name = typeof value === 'string' ? value.trim() : '';
    if (!name) return;
    const mine = ++seq;
    await new Promise((r) => setTimeout(r, delayMs));
    if (mine !== seq) return; // a newer keystroke is being checked instead
    if (await check(name).catch(() => false)) throw new Error(message);
  };
}

/**
 * A required name the server must not know yet (a role's, a system module's): checked after the
 * user pauses typing. `ownId` is the record being edited, whose own name is not a clash.
 */
export function UniqueNameItem({
  label,
  name,
  requiredMessage,
  check,
  ownId,
  taken,
}: {
  label: string;
  name: string;
  requiredMessage: string;
  check: (name: string, ownId?: number) => Promise<boolean>;
  ownId: number | undefined;
  taken: string;
}) {
  // One validator per dialog, so a newer keystroke supersedes the check of an older one.
  const uniqueName = useMemo(() => uniqueNameValidator((text) => check(text, ownId), taken), [check, ownId, taken]);
  return (
    <Form.Item
      label={label}
      name={name}
      hasFeedback
      validateDebounce={0}
      rules={[{ required: true, whitespace: true, message: requiredMessage }, { validator: uniqueName }]}
    >
      <Input maxLength={64} autoComplete="off" />
    </Form.Item>
  );
}

export function StatusTag({ status }: { status: number }) {
  return status === 0 ? <Tag color="success">启用</Tag> : <Tag color="default">停用</Tag>;
}

export function findOrgName(orgs: readonly OrgNode[], id: number): string | undefined {
  for (const o of orgs) {
    if (o.id === id) return o.orgName;
    const below = findOrgName(o.children, id);
    if (below) return below;
  }
  return undefined;
}
