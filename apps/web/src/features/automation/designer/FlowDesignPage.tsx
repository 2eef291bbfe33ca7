import { useCallback, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { App, Button, Input, Result, Space, Spin, Tag } from 'antd';
import { ArrowLeftOutlined, ExperimentOutlined, SaveOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { AUTOMATION_NODES, checkFlowTree, flagErrors, newNodeId, type FlowNode } from '@park/core';
import { ApiError, errorMessage } from '../../../lib/http.ts';
import { FlowCanvas } from '../../flowCanvas/index.ts';
import { getFlow, saveFlow } from './api.ts';
import { DryRunDrawer } from './DryRunDrawer.tsx';
import { AUTOMATION_CANVAS } from './nodes/index.ts';
import './designer.css';

export const NEW_FLOW_NAME = '未命名自动化';
export const LOOP_WARNING_TITLE = '循环触发提醒';

/** A new flow: just the trigger, flagged until it is set (spec 001 §2.1). */
function newTree(): FlowNode {
  return flagErrors({ ...AUTOMATION_NODES[0].template(), nodeId: newNodeId() } as FlowNode, AUTOMATION_NODES);
}

/** The automation designer: /automation/design/new or /automation/design/{id}. */
export function FlowDesignPage() {
  const { flowId: param } = useParams();
  const id = param && /^\d+$/.test(param) ? Number(param) : null;
  const loaded = useQuery({ queryKey: ['automation', 'flow', id], queryFn: ({ signal }) => getFlow(id!, signal), enabled: id !== null, staleTime: Infinity, gcTime: 0 });
  if (id !== null && loaded.isLoading) return <Spin style={{ display: 'block', margin: 80 }} />;
  if (id !== null && !loaded.data) return <Result status="404" title="自动化不存在或已被删除" />;
  return (
    <Designer
      key={id ?? 'new'}
      initial={{ id, flowName: loaded.data?.flowName ?? NEW_FLOW_NAME, version: loaded.data?.version ?? 0, tree: loaded.data ? flagErrors(loaded.data.nodeConfig, AUTOMATION_NODES) : newTree() }}
    />
  );
}

function Designer({ initial }: { initial: { id: number | null; flowName: string; version: number; tree: FlowNode } }) {
  const { message, modal } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [flowId, setFlowId] = useState(initial.id);
  const [version, setVersion] = useState(initial.version);
  const [flowName, setFlowName] = useState(initial.flowName);
  const [tree, setTree] = useState<FlowNode>(initial.tree);
  const [dirty, setDirty] = useState(false);
  const [saving, setSaving] = useState(false);
  const [dryRunOpen, setDryRunOpen] = useState(false);
  const change = useCallback((next: FlowNode) => {
    setTree(next);
    setDirty(true);
  }, []);

  const save = async () => {
    const name = flowName.trim();
    if (!name) return void message.warning('请输入自动化名称');
    const problems = checkFlowTree(tree, AUTOMATION_NODES, 0);
    if (problems.length > 0) {
      setTree(flagErrors(tree, AUTOMATION_NODES));
      const first = problems[0]!;
      return void message.error(`${first.nodeName}：${first.message}`);
    }
    setSaving(true);
    try {
      const saved = await saveFlow({ id: flowId, flowName: name, nodeConfig: tree });
      setTree(flagErrors(saved.nodeConfig, AUTOMATION_NODES));
      setFlowId(saved.id);
      setVersion(saved.version);
      setDirty(false);
      message.success('保存成功');
      await queryClient.invalidateQueries({ queryKey: ['automation'] });
      if (saved.warnings.length > 0) {
        modal.warning({ title: LOOP_WARNING_TITLE, content: <div data-testid="loop-warning">{saved.warnings.map((w) => <p key={w}>{w}</p>)}<p>运行时超过循环深度的触发会被阻止。</p></div>, okText: '知道了' });
      }
      if (flowId === null) navigate(`/automation/design/${saved.id}`, { replace: true });
    } catch (err) {
      message.error(err instanceof ApiError ? err.errMsg : errorMessage(err, '保存失败'));
    } finally {
      setSaving(false);
    }
  };

  const back = () => {
    if (!dirty) return navigate('/automation/flow');
    modal.confirm({ title: '提示', content: '流程还未保存，确定离开吗？', okText: '离开', cancelText: '取消', onOk: () => navigate('/automation/flow') });
  };

  return (
    <div className="automation-designer">
      <div className="automation-designer-bar">
        <Space>
          <Button icon={<ArrowLeftOutlined />} onClick={back}>
            返回
          </Button>
          <Input aria-label="自动化名称" className="automation-designer-name" maxLength={100} value={flowName} onChange={(e) => (setFlowName(e.target.value), setDirty(true))} placeholder="请输入自动化名称" />
          {flowId !== null ? <Tag color="blue">v{version}</Tag> : <Tag>未保存</Tag>}
          {dirty && <span className="automation-muted">有未保存的修改</span>}
        </Space>
        <Space>
          <Button icon={<ExperimentOutlined />} onClick={() => setDryRunOpen(true)}>
            试运行
          </Button>
          <Button type="primary" icon={<SaveOutlined />} loading={saving} onClick={() => void save()}>
            保存
          </Button>
        </Space>
      </div>
      <FlowCanvas root={tree} onChange={change} registry={AUTOMATION_CANVAS} context={{ flowId }} className="automation-designer-canvas" />
      {dryRunOpen && <DryRunDrawer root={tree} onClose={() => setDryRunOpen(false)} />}
    </div>
  );
}
