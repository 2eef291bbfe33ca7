import { useMemo, useState } from 'react';
import { App, Button, Result, Space, Spin, Tag } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { APPROVAL_NODES, checkApprovalTree, flagErrors, flowFieldsOf, type FlowNode } from '@park/core';
import { BackButton } from '../../../lib/BackButton.tsx';
import { errorMessage } from '../../../lib/http.ts';
import { ListPage } from '../../../lib/ListPage.tsx';
import { formDefinitionKey, loadFormDefinition } from '../../../form/api.ts';
import { FlowCanvas } from '../../flowCanvas/index.ts';
import { APPROVAL_QUERY_ROOT, createModel, deployFlow, loadFlowConf, saveFlow } from '../api.ts';
import type { ApprovalDesignContext } from './context.ts';
import { APPROVAL_CANVAS } from './registry.ts';
import '../approval.css';

/** 表单管理 › 流程设计 (/form/flow/N): the form's approval flow on the shared canvas; 保存 and 发布. */
export function ApprovalDesignPage() {
  const { formId: raw } = useParams();
  const formId = Number(raw);
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const definition = useQuery({ queryKey: formDefinitionKey(formId), queryFn: ({ signal }) => loadFormDefinition(formId, signal), retry: false });
  const conf = useQuery({
    queryKey: [...APPROVAL_QUERY_ROOT, 'design', formId],
    queryFn: async ({ signal }) => (await loadFlowConf(formId, signal)) ?? (await createModel(formId, '').then(() => loadFlowConf(formId, signal))),
    enabled: formId > 0,
    retry: false,
    gcTime: 0,
  });
  // The loaded design until the first edit.
  const [edited, setTree] = useState<FlowNode | null>(null);
  const tree = edited ?? conf.data?.nodeConfig ?? null;
  const [busy, setBusy] = useState(false);
  const context = useMemo<ApprovalDesignContext>(
    () => ({
      // Stored main fields (not layout or sub-tables): what approvers may fill, branches test and recipients read.
      fields: definition.data ? flowFieldsOf(definition.data.meta).main : [],
    }),
    [definition.data],
  );

  const failed = definition.error ?? conf.error;
  if (failed) return <Result status="warning" title={errorMessage(failed, '流程加载失败')} extra={<BackButton fallback="/system/form" />} />;
  if (!definition.data || !conf.data || !tree) return <div className="page-spin"><Spin size="large" /></div>;
  const modelId = conf.data.modelId;

  const checked = (): FlowNode | null => {
    const problems = checkApprovalTree(tree, new Set(context.fields.map((f) => f.model)));
    if (problems.length === 0) return tree;
    setTree(flagErrors(tree, APPROVAL_NODES));
    void message.error(problems[0]!.nodeName ? `${problems[0]!.nodeName}：${problems[0]!.message}` : problems[0]!.message);
    return null;
  };
  const save = async (deploy: boolean) => {
    const ok = checked();
    if (!ok) return;
    setBusy(true);
    try {
      const saved = await saveFlow(modelId, ok);
      setTree(saved.nodeConfig);
      if (deploy) {
        const d = await deployFlow(modelId);
        void message.success(`发布成功（版本 ${d.version}）`);
      } else void message.success('保存成功');
      await queryClient.invalidateQueries({ queryKey: APPROVAL_QUERY_ROOT });
    } finally {
      setBusy(false);
    }
  };

  return (
    <ListPage
      title={
        <Space>
          <span>流程设计 - {definition.data.formName}</span>
          {conf.data.version > 0 ? <Tag color="success">已发布 v{conf.data.version}</Tag> : <Tag>未发布</Tag>}
        </Space>
      }
      extra={<BackButton fallback="/system/form" />}
    >
      <FlowCanvas
        root={tree}
        onChange={setTree}
        registry={APPROVAL_CANVAS}
        context={context}
        checkContext={{ triggerFormId: String(formId) }}
        toolbarExtra={
          <Space>
            <Button loading={busy} onClick={() => void save(false)}>保存</Button>
            <Button type="primary" loading={busy} onClick={() => void save(true)}>发布</Button>
          </Space>
        }
      />
    </ListPage>
  );
}
