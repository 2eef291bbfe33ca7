import { useState } from 'react';
import { Alert, Button, Form, Input, InputNumber, Modal, Radio, Space, Switch, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { isRedirectUri, isSortIndex, isSysUrl, SUBSYS_TEXT, uriLines, type SysModule } from '@park/core';
import { EditModal, useEditDialog } from '../../../lib/EditModal.tsx';
import { ListPage, tableLocale } from '../../../lib/ListPage.tsx';
import { MODULES_QUERY_KEY } from '../../../lib/shellApi.ts';
import { addSys, checkBySysName, deleteSys, keys, listSys, updateAgent, updateSys } from '../api.ts';
import { DeleteLink, UniqueNameItem } from '../common.tsx';
import '../system.css';

/* 子系统 (screens-round3 §5.2, issue 40): the original's fields and messages, plus what single sign-on needs. */

interface SysForm {
  sysName: string;
  sysUrl: string;
  status: boolean;
  sysIndex: number | null;
  sysDesc?: string;
  sso: number;
  ssoMode?: string;
  syn: number;
  redirectUris?: string;
  logoutUris?: string;
}

const YES_NO = [
  { value: 0, label: '是' },
  { value: 1, label: '否' },
];

const uriRule = {
  validator: async (_r: unknown, v: string | undefined) =>
    uriLines(v).every(isRedirectUri) ? undefined : Promise.reject(new Error(SUBSYS_TEXT.redirectInvalid)),
};

function SysDialog({ sys, onClose }: { sys: SysModule | null; onClose: () => void }) {
  const dialog = useEditDialog({
    save: async (v: SysForm) => {
      const body = {
        sysName: v.sysName.trim(),
        sysUrl: v.sysUrl.trim(),
        status: v.status ? 0 : 1,
        sysIndex: v.sysIndex ?? undefined,
        sysDesc: v.sysDesc?.trim() || null,
        sso: v.sso,
        ssoMode: v.ssoMode?.trim() || null,
        syn: v.syn,
        redirectUris: v.redirectUris ?? '',
        logoutUris: v.logoutUris ?? '',
      };
      if (sys) await updateSys({ ...body, id: sys.id });
      else await addSys(body);
    },
    onClose,
    // The top bar's 业务模块 list follows.
    refresh: [keys.sys, MODULES_QUERY_KEY],
  });
  const initial: Partial<SysForm> = sys
    ? {
        sysName: sys.sysName,
        sysUrl: sys.sysUrl,
        status: Number(sys.status) === 0,
        sysIndex: sys.sysIndex ?? sys.orderIndex ?? null,
        sysDesc: sys.sysDesc ?? '',
        sso: sys.sso ?? 1,
        ssoMode: sys.ssoMode ?? '',
        syn: sys.syn ?? 1,
        redirectUris: (sys.redirectUris ?? []).join('\n'),
        logoutUris: (sys.logoutUris ?? []).join('\n'),
      }
    : { status: true, sso: 1, syn: 1 };
  return (
    <EditModal<SysForm> title={sys ? '编辑子系统' : '新增子系统'} {...dialog} name="sys" layout="vertical" initialValues={initial}>
      <UniqueNameItem label="子系统名称" name="sysName" requiredMessage={SUBSYS_TEXT.nameRequired} check={checkBySysName} ownId={sys?.id} taken={SUBSYS_TEXT.nameTaken} />
      <Form.Item
        label="访问地址"
        name="sysUrl"
        rules={[
          { required: true, whitespace: true, message: SUBSYS_TEXT.urlRequired },
          { validator: async (_r, v: string) => (!v?.trim() || isSysUrl(v.trim()) ? undefined : Promise.reject(new Error(SUBSYS_TEXT.urlInvalid))) },
        ]}
        extra="在顶部“业务模块”中点击后于新窗口打开；需要单点登录的子系统，这里填它发起登录的地址"
      >
        <Input maxLength={500} placeholder="https://… 或 /closed-park-web/…" />
      </Form.Item>
      <Form.Item label="是否需要单点登录" name="sso">
        <Radio.Group options={YES_NO} />
      </Form.Item>
      <Form.Item noStyle dependencies={['sso']}>
        {({ getFieldValue }) =>
          getFieldValue('sso') === 0 && (
            <>
              <Form.Item label="单点登录方式" name="ssoMode">
                <Input maxLength={32} placeholder="oidc（OpenID Connect 授权码 + PKCE）" />
              </Form.Item>
              <Form.Item
                label="回调地址（每行一个，须完全一致）"
                name="redirectUris"
                rules={[{ required: true, whitespace: true, message: SUBSYS_TEXT.redirectRequired }, uriRule]}
              >
                <Input.TextArea rows={2} maxLength={5000} />
              </Form.Item>
              <Form.Item label="退出后返回地址（每行一个）" name="logoutUris" rules={[uriRule]}>
                <Input.TextArea rows={2} maxLength={5000} />
              </Form.Item>
            </>
          )
        }
      </Form.Item>
      <Form.Item label="是否需要数据同步" name="syn">
        <Radio.Group options={YES_NO} />
      </Form.Item>
      <Form.Item label="描述简介" name="sysDesc">
        <Input.TextArea rows={2} maxLength={500} />
      </Form.Item>
      <Form.Item
        label="排序号"
        name="sysIndex"
        rules={[
          { required: true, message: SUBSYS_TEXT.indexRequired },
          { validator: async (_r, v: unknown) => (v == null || isSortIndex(v) ? undefined : Promise.reject(new Error(SUBSYS_TEXT.indexInvalid))) },
        ]}
      >
        <InputNumber />
      </Form.Item>
      <Form.Item label="是否显示" name="status" valuePropName="checked">
        <Switch />
      </Form.Item>
    </EditModal>
  );
}

/** 数据同步账号分配: the server makes the account and a new secret; the secret is shown this once. */
function AgentDialog({ sys, onClose }: { sys: SysModule; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [issued, setIssued] = useState<{ agentAccount: string; agentSecret: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const issue = async () => {
    setBusy(true);
    try {
      setIssued(await updateAgent(sys.id));
      await queryClient.invalidateQueries({ queryKey: keys.sys });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal open title="数据同步账号分配" onCancel={onClose} footer={<Button onClick={onClose}>关闭</Button>} destroyOnHidden>
      <p>子系统名称：{sys.sysName}</p>
      <p>
        账号：<Typography.Text copyable={!!(issued?.agentAccount ?? sys.agentAccount)}>{issued?.agentAccount ?? sys.agentAccount ?? '未分配'}</Typography.Text>
      </p>
      {issued ? (
        <>
          <p>
            秘钥：<Typography.Text code copyable data-testid="agent-secret">{issued.agentSecret}</Typography.Text>
          </p>
          <Alert type="warning" showIcon title={SUBSYS_TEXT.secretOnce} />
        </>
      ) : (
        <>
          {sys.hasSecret && <Alert type="info" showIcon title={`已于 ${sys.secretTime ?? ''} 生成秘钥；重新生成后旧秘钥立即失效`} />}
          <Button type="primary" loading={busy} onClick={() => void issue()} style={{ marginTop: 12 }}>
            {sys.hasSecret ? '重新生成秘钥' : '生成账号和秘钥'}
          </Button>
        </>
      )}
    </Modal>
  );
}

export function SysManagePage() {
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<{ sys: SysModule | null } | null>(null);
  const [agentFor, setAgentFor] = useState<SysModule | null>(null);
  const { data = [], isFetching } = useQuery({ queryKey: keys.sys, queryFn: ({ signal }) => listSys(signal) });
  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: keys.sys });
    await queryClient.invalidateQueries({ queryKey: MODULES_QUERY_KEY });
  };
  const yesNo = (v: number | undefined) => (Number(v) === 0 ? '是' : '否');

  const columns: TableColumnsType<SysModule> = [
    { title: '子系统名称', dataIndex: 'sysName', width: 180 },
    { title: '访问地址', dataIndex: 'sysUrl', ellipsis: true },
    { title: '是否需要数据同步', dataIndex: 'syn', width: 130, render: yesNo },
    { title: '是否需要单点登录', dataIndex: 'sso', width: 130, render: yesNo },
    { title: '单点登录方式', dataIndex: 'ssoMode', width: 110 },
    { title: '排序号', dataIndex: 'sysIndex', width: 80 },
    { title: '是否显示', dataIndex: 'status', width: 90, render: (v: number) => (Number(v) === 0 ? <Tag color="success">已显示</Tag> : <Tag>已隐藏</Tag>) },
    { title: '描述简介', dataIndex: 'sysDesc', ellipsis: true },
    {
      title: '操作',
      key: 'action',
      width: 220,
      render: (_v, s) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setEditing({ sys: s })}>
            编辑
          </Button>
          <Button type="link" size="small" onClick={() => setAgentFor(s)}>
            分配同步账号
          </Button>
          <DeleteLink
            what={`将删除子系统「${s.sysName}」。`}
            remove={async () => {
              await deleteSys(s.id);
              await refresh();
            }}
          />
        </Space>
      ),
    },
  ];

  return (
    <ListPage
      title="子系统"
      extra={
        <Button type="primary" icon={<PlusOutlined aria-hidden="true" />} onClick={() => setEditing({ sys: null })}>
          新增
        </Button>
      }
    >
      <p className="admin-hint">“是否显示”打开的子系统显示在顶部栏的“业务模块”下拉中；需要单点登录的子系统由平台登录，打开即已登录。</p>
      <Table<SysModule> rowKey="id" size="middle" columns={columns} dataSource={data} loading={isFetching} locale={tableLocale} pagination={false} />
      {editing && <SysDialog sys={editing.sys} onClose={() => setEditing(null)} />}
      {agentFor && <AgentDialog sys={agentFor} onClose={() => setAgentFor(null)} />}
    </ListPage>
  );
}
