import { useEffect, useState } from 'react';
import { App, Button, Card, Empty, Input, Modal, Pagination, Space, Spin, Tag, Typography } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { defaultWorkbenchGroups, MICRO_TEXT, type MicroApp, type WorkbenchNode, type WorkbenchPermission } from '@park/core';
import {
  listMicroApp,
  microKeys,
  queryMicroAppTemplate,
  queryTemplateMenuTreeByTemplateId,
  queryWorkbenchTreesByTenantId,
  saveTemplateMenu,
  saveWorkbench,
} from '../api.ts';
import { AppIcon } from '../parts.tsx';
import { AppPicker } from './AppPicker.tsx';
import { OrgPicker } from './OrgPicker.tsx';
import { appCount, blankIds, editAt, nodeAt, removeAt, type Path } from './tree.ts';
import '../micro.css';

/**
 * The workbench editor (screens-round3 §2.5): groups › sub-groups › apps of a tenant's workbench
 * (tenantId; '0' is the park's own) or of an industry template (templateId: the same without 可见范围
 * and 复制已有模板). Not a page: TenantWorkbench, 模板管理's 工作台分组 and the park's 租户信息 open it.
 */
export type WorkbenchEditorProps = { tenantId: string; templateId?: undefined; onSaved?: () => void } | { templateId: number; tenantId?: undefined; onSaved?: () => void };

const scopeText = (n: WorkbenchNode) => (n.permissions?.length ? n.permissions.map((p) => p.subName).join(',') : n.id ? MICRO_TEXT.noneVisible : MICRO_TEXT.allVisible);

/** A one-field name dialog (新建分组, 重命名). */
function NameDialog({ title, initial, onOk, onClose }: { title: string; initial: string; onOk: (name: string) => void; onClose: () => void }) {
  const [name, setName] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const ok = () => {
    if (!name.trim()) return setError('请输入分组名称');
    if (name.trim().length > 100) return setError(MICRO_TEXT.tooLong('分组名称', 100));
    onOk(name.trim());
  };
  return (
    <Modal open title={title} okText="确定" cancelText="取消" onOk={ok} onCancel={onClose} destroyOnHidden>
      <Input aria-label="分组名称" placeholder="请输入分组名称" value={name} maxLength={100} onChange={(e) => { setName(e.target.value); setError(null); }} onPressEnter={ok} status={error ? 'error' : undefined} />
      {error && <Typography.Text type="danger">{error}</Typography.Text>}
    </Modal>
  );
}

function TemplateCopier({ onPick, onClose }: { onPick: (id: number) => void; onClose: () => void }) {
  const [pageNum, setPageNum] = useState(1);
  const { data, isFetching } = useQuery({ queryKey: [...microKeys.templates, 'copy', pageNum], queryFn: ({ signal }) => queryMicroAppTemplate(pageNum, 6, {}, signal) });
  return (
    <Modal open title="复制已有模板" width={760} footer={null} onCancel={onClose} destroyOnHidden>
      <Spin spinning={isFetching}>
        <div className="wb-templates">
          {(data?.rows ?? []).map((t) => (
            <Card key={t.id} size="small" title={t.templateName} hoverable onClick={() => onPick(t.id)} role="button" aria-label={`复制模板${t.templateName}`}>
              <div>适用行业：{t.applyIndustry ?? ''}</div>
              <Typography.Paragraph type="secondary" ellipsis={{ rows: 2 }} style={{ marginBottom: 0 }}>
                {t.explanation ?? ''}
              </Typography.Paragraph>
            </Card>
          ))}
        </div>
        {!isFetching && !data?.rows.length && <Empty description="暂无模板" />}
      </Spin>
      <Pagination style={{ marginTop: 12, textAlign: 'right' }} current={pageNum} pageSize={6} total={data?.total ?? 0} onChange={setPageNum} size="small" />
    </Modal>
  );
}

type Dialog =
  | { kind: 'newGroup'; level: 1 | 2 }
  | { kind: 'rename' }
  | { kind: 'apps' }
  | { kind: 'scope'; path: Path }
  | { kind: 'copy' };

export function WorkbenchEditor(props: WorkbenchEditorProps) {
  // A new owner starts a fresh editor (its tree, selection and dialogs).
  return <Editor key={props.tenantId !== undefined ? `t${props.tenantId}` : `m${props.templateId}`} {...props} />;
}

function Editor(props: WorkbenchEditorProps) {
  const { message, modal } = App.useApp();
  const tenantMode = props.tenantId !== undefined;
  const [tree, setTree] = useState<WorkbenchNode[] | null>(null);
  const [path, setPath] = useState<Path>([0]);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [saving, setSaving] = useState(false);
  const [loading, setLoading] = useState(false);
  // Icons of the apps on the cards: the node carries only the app's id.
  const { data: apps } = useQuery({ queryKey: [...microKeys.apps, 'all'], queryFn: ({ signal }) => listMicroApp(1, 500, {}, signal) });
  const appById = new Map((apps?.rows ?? []).map((a) => [a.id, a]));

  useEffect(() => {
    let live = true;
    const load = props.tenantId !== undefined ? queryWorkbenchTreesByTenantId(props.tenantId) : queryTemplateMenuTreeByTemplateId(props.templateId);
    void load.then((t) => {
      if (!live) return;
      if (t.length === 0) {
        void message.warning(MICRO_TEXT.emptyWorkbench);
        setTree(defaultWorkbenchGroups());
      } else setTree(t);
    });
    return () => {
      live = false;
    };
    // Loaded once: the editor is keyed by its owner.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  if (!tree) return <Spin style={{ display: 'block', margin: 48 }} />;
  const current = nodeAt(tree, path);
  const edit = (p: Path, f: (n: WorkbenchNode) => void) => setTree(editAt(tree, p, f));

  const save = async () => {
    setSaving(true);
    try {
      if (props.tenantId !== undefined) await saveWorkbench(props.tenantId, tree);
      else await saveTemplateMenu(props.templateId, tree);
      void message.success(MICRO_TEXT.updated);
      // Reload so new nodes carry their ids (全部不可见 vs 全部可见 depends on it).
      const fresh = props.tenantId !== undefined ? await queryWorkbenchTreesByTenantId(props.tenantId) : await queryTemplateMenuTreeByTemplateId(props.templateId);
      setTree(fresh);
      props.onSaved?.();
    } finally {
      setSaving(false);
    }
  };

  const addApps = (picked: MicroApp[]) => {
    edit(path, (n) => {
      n.children ??= [];
      for (const a of picked) {
        if (n.children.some((c) => Number(c.appId) === a.id)) continue; // already here
        n.children.push({ id: null, menuName: a.appName, level: 3, type: 2, appId: a.id, appType: a.appType, appIconId: a.iconId, quickApp: 0, sort: n.children.length + 1, permissions: [] });
      }
    });
    setDialog(null);
  };

  const copyTemplate = (templateId: number) => {
    modal.confirm({
      title: '提示',
      content: MICRO_TEXT.confirmCopyTemplate,
      okText: '确定',
      cancelText: '取消',
      onOk: async () => {
        setDialog(null);
        setLoading(true);
        try {
          setTree(blankIds(await queryTemplateMenuTreeByTemplateId(templateId)));
          setPath([0]);
        } finally {
          setLoading(false);
        }
      },
    });
  };

  const scopeLine = (p: Path, n: WorkbenchNode) =>
    tenantMode && (
      <span className="wb-card-scope" title={scopeText(n)}>
        可见范围：{scopeText(n)}{' '}
        <Button type="link" size="small" onClick={() => setDialog({ kind: 'scope', path: p })} aria-label={`修改${n.menuName}的可见范围`}>
          修改
        </Button>
      </span>
    );

  return (
    <Spin spinning={loading}>
      <div className="wb">
        <div className="wb-side">
          <div className="wb-side-title">
            <span>工作台分组</span>
            <Button type="text" size="small" icon={<PlusOutlined />} aria-label="新建一级分组" onClick={() => setDialog({ kind: 'newGroup', level: 1 })} />
          </div>
          <nav aria-label="工作台分组">
            {tree.map((g, i) => (
              <div key={`${g.id ?? 'n'}-${i}`}>
                <Button block type={path.length === 1 && path[0] === i ? 'primary' : 'text'} style={{ justifyContent: 'flex-start' }} onClick={() => setPath([i])}>
                  {g.menuName}
                </Button>
                {(path[0] === i ? g.children ?? [] : []).map((s, j) => (
                  <Button key={`${s.id ?? 'n'}-${j}`} block size="small" type={path.length === 2 && path[1] === j ? 'primary' : 'text'} style={{ justifyContent: 'flex-start', paddingLeft: 28 }} onClick={() => setPath([i, j])}>
                    {s.menuName}
                  </Button>
                ))}
              </div>
            ))}
          </nav>
        </div>
        <div className="wb-main">
          {current ? (
            <>
              <div className="wb-head">
                <h3>{current.menuName}</h3>
                <Button size="small" icon={<EditOutlined />} onClick={() => setDialog({ kind: 'rename' })}>
                  重命名
                </Button>
                <Button
                  size="small"
                  danger
                  icon={<DeleteOutlined />}
                  onClick={() =>
                    modal.confirm({
                      title: '提示',
                      content: `是否确认删除 "${current.menuName}"?`,
                      okText: '确定',
                      cancelText: '取消',
                      onOk: () => {
                        setTree(removeAt(tree, path));
                        setPath(path.length === 2 ? [path[0]!] : [0]);
                      },
                    })
                  }
                >
                  删除
                </Button>
                {scopeLine(path, current)}
              </div>
              {path.length === 1 ? (
                <>
                  <Space style={{ marginBottom: 12 }}>
                    <Typography.Text strong>下级菜单</Typography.Text>
                    <Button size="small" icon={<PlusOutlined />} onClick={() => setDialog({ kind: 'newGroup', level: 2 })}>
                      新建分组
                    </Button>
                  </Space>
                  <div className="wb-cards">
                    {(current.children ?? []).map((s, j) => (
                      <button type="button" key={`${s.id ?? 'n'}-${j}`} className="wb-card" style={{ cursor: 'pointer', background: '#fff', textAlign: 'left' }} onClick={() => setPath([path[0]!, j])}>
                        <span className="wb-card-name">
                          {s.menuName}({appCount(s)})
                        </span>
                      </button>
                    ))}
                  </div>
                  {!current.children?.length && <Empty description="暂无下级分组" />}
                </>
              ) : (
                <>
                  <Space style={{ marginBottom: 12 }}>
                    <Typography.Text strong>应用管理</Typography.Text>
                    <Button size="small" icon={<PlusOutlined />} onClick={() => setDialog({ kind: 'apps' })}>
                      添加
                    </Button>
                  </Space>
                  <div className="wb-cards">
                    {(current.children ?? []).map((a, k) => {
                      const app = appById.get(Number(a.appId));
                      const p = [...path, k];
                      return (
                        <div className="wb-card" key={`${a.appId}`} data-testid={`wb-app-${a.menuName}`}>
                          <div className="wb-card-top">
                            <AppIcon iconName={app?.iconName} color={app?.iconBgColor} size={36} />
                            <span className="wb-card-name">{a.menuName}</span>
                            {Number(a.quickApp) === 1 && <Tag color="blue">快捷应用</Tag>}
                          </div>
                          <Space size={0} wrap>
                            <Button type="link" size="small" onClick={() => edit(p, (n) => (n.quickApp = Number(n.quickApp) === 1 ? 0 : 1))}>
                              {Number(a.quickApp) === 1 ? '移除快捷应用' : '添加快捷应用'}
                            </Button>
                            <Button
                              type="link"
                              size="small"
                              danger
                              onClick={() =>
                                modal.confirm({ title: '提示', content: `是否移除 "${a.menuName}"应用?`, okText: '确定', cancelText: '取消', onOk: () => setTree(removeAt(tree, p)) })
                              }
                            >
                              移除
                            </Button>
                          </Space>
                          {scopeLine(p, a)}
                        </div>
                      );
                    })}
                  </div>
                  {!current.children?.length && <Empty description="暂无应用" />}
                </>
              )}
            </>
          ) : (
            <Empty description="请新建分组" />
          )}
        </div>
      </div>
      <div className="wb-footer">
        <span>{tenantMode && <Button onClick={() => setDialog({ kind: 'copy' })}>复制已有模板</Button>}</span>
        <Button type="primary" loading={saving} onClick={() => void save()}>
          保存
        </Button>
      </div>

      {dialog?.kind === 'newGroup' && (
        <NameDialog
          title="新建分组"
          initial=""
          onClose={() => setDialog(null)}
          onOk={(menuName) => {
            if (dialog.level === 1) {
              setTree([...tree, { id: null, menuName, level: 1, type: 1, sort: tree.length + 1, permissions: [], children: [] }]);
              setPath([tree.length]);
            } else {
              edit([path[0]!], (g) => {
                g.children ??= [];
                g.children.push({ id: null, menuName, level: 2, type: 1, sort: g.children.length + 1, permissions: [], children: [] });
              });
            }
            setDialog(null);
          }}
        />
      )}
      {dialog?.kind === 'rename' && current && (
        <NameDialog
          title="重命名"
          initial={current.menuName}
          onClose={() => setDialog(null)}
          onOk={(menuName) => {
            edit(path, (n) => (n.menuName = menuName));
            setDialog(null);
          }}
        />
      )}
      {dialog?.kind === 'apps' && <AppPicker onClose={() => setDialog(null)} onOk={addApps} />}
      {dialog?.kind === 'scope' && props.tenantId !== undefined && (
        <OrgPicker
          tenantId={props.tenantId}
          value={nodeAt(tree, dialog.path)?.permissions ?? []}
          onClose={() => setDialog(null)}
          onOk={(permissions: WorkbenchPermission[]) => {
            edit(dialog.path, (n) => (n.permissions = permissions));
            setDialog(null);
          }}
        />
      )}
      {dialog?.kind === 'copy' && <TemplateCopier onClose={() => setDialog(null)} onPick={copyTemplate} />}
    </Spin>
  );
}
