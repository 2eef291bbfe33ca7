import { useState } from 'react';
import { Alert, App, Empty, Modal, Spin, Table, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { MATCH_TYPE_LABEL, withDefaultQueryBar, type DesignError, type FormMeta, type ListMatchType, type QueryConditionSetting } from '@park/core';
import { ApiError, errorMessage } from '../../lib/http.ts';
import { isObject } from '../../controls/common/values.ts';
import { previewPublish, publishDesign, type ColumnChange } from './api.ts';
import { SearchIndexPlan } from './SearchIndexPlan.tsx';

const columns = [
  { title: '控件', dataIndex: 'control', key: 'control', render: (v: string) => v || '-' },
  { title: '字段', dataIndex: 'column', key: 'column' },
  {
    title: '数据表',
    key: 'table',
    render: (_: unknown, r: ColumnChange) => `${r.tableName}（${r.table}）`,
  },
];

function ChangeTable({ rows, testId }: { rows: ColumnChange[]; testId: string }) {
  return (
    <Table
      data-testid={testId}
      size="small"
      pagination={false}
      rowKey={(r) => `${r.table}.${r.column}`}
      columns={columns}
      dataSource={rows}
      locale={{ emptyText: '无' }}
    />
  );
}

function queryConditionsOf(meta: FormMeta): QueryConditionSetting[] {
  const list = (meta.sensorSettings as { queryConditions?: unknown } | undefined)?.queryConditions;
  return Array.isArray(list) ? (list as QueryConditionSetting[]) : [];
}

const conditionText = (c: QueryConditionSetting) => `${c.label ?? c.key}（${MATCH_TYPE_LABEL[c.opt as ListMatchType] ?? c.opt}）`;

/** The server's list of design problems, when it refused one. */
export function designErrorsOf(error: unknown): DesignError[] {
  if (!(error instanceof ApiError) || !isObject(error.body) || !Array.isArray(error.body.errors)) return [];
  return error.body.errors.filter(isObject).map((e) => ({
    controlKey: typeof e.controlKey === 'string' ? e.controlKey : '',
    name: typeof e.name === 'string' ? e.name : '',
    message: typeof e.message === 'string' ? e.message : '',
  }));
}

/**
 * 发布 (issue 9 §5): first what the tables will get — columns added, and columns whose
 * controls were removed, kept with their data — then saveformdesign on 确认发布.
 */
export function PublishDialog({
  formId,
  meta,
  firstPublish,
  onClose,
  onPublished,
  onRefused,
}: {
  formId: number;
  meta: FormMeta;
  /** The form has never been published: its list page is offered a query bar (issue 26). */
  firstPublish: boolean;
  onClose(): void;
  onPublished(meta: FormMeta): void;
  onRefused(errors: DesignError[]): void;
}) {
  const { message } = App.useApp();
  const [publishing, setPublishing] = useState(false);
  // The design as it was when 发布 was pressed: what is previewed is what is published.
  const [design] = useState(() => (firstPublish ? withDefaultQueryBar(meta) : meta));
  const offered = design === meta ? [] : queryConditionsOf(design);
  const plan = useQuery({
    queryKey: ['form-design-plan', formId, design],
    queryFn: () => previewPublish(formId, design),
    retry: false,
    gcTime: 0,
  });
  const publish = async () => {
    setPublishing(true);
    try {
      await publishDesign(formId, design);
      void message.success('发布成功');
      onPublished(design);
    } catch (err) {
      const errors = designErrorsOf(err);
      if (errors.length > 0) onRefused(errors);
      void message.error(errorMessage(err, '发布失败'));
    } finally {
      setPublishing(false);
    }
  };
  const data = plan.data;
  return (
    <Modal
      open
      title="发布表单设计"
      width={760}
      okText="确认发布"
      cancelText="取消"
      onOk={() => void publish()}
      okButtonProps={{ disabled: !data, loading: publishing }}
      onCancel={onClose}
      className="dz-publish-dialog"
    >
      {plan.isLoading && <Spin />}
      {plan.isError && (
        <Alert
          type="error"
          showIcon
          title={errorMessage(plan.error, '无法计算数据表变更')}
          description={designErrorsOf(plan.error).map((e) => (
            <div key={`${e.controlKey}-${e.message}`}>{e.message}</div>
          ))}
        />
      )}
      {data && (
        <div className="dz-plan">
          {offered.length > 0 && (
            <Alert
              type="info"
              showIcon
              data-testid="plan-query-bar"
              title={`列表页将提供查询条件：${offered.map(conditionText).join('、')}`}
              description="可随时在“列表页设置”中修改，再次发布后生效。"
            />
          )}
          {data.createdTables.length > 0 && (
            <Alert type="info" showIcon title={`将新建数据表：${data.createdTables.join('、')}`} />
          )}
          <Typography.Title level={5}>将新增的字段（{data.addedColumns.length}）</Typography.Title>
          <ChangeTable rows={data.addedColumns} testId="plan-added" />
          <Typography.Title level={5}>已移除控件的字段（{data.keptColumns.length}），保留字段及其数据</Typography.Title>
          <ChangeTable rows={data.keptColumns} testId="plan-kept" />
          {data.keptTables.length > 0 && (
            <Alert type="warning" showIcon title={`已移除的子表单保留其数据表：${data.keptTables.join('、')}`} />
          )}
          {data.keptTypes.length > 0 && (
            <Alert
              type="warning"
              showIcon
              title={`以下字段的控件类型已改变，字段保持原类型：${data.keptTypes.map((c) => `${c.control}(${c.column})`).join('、')}`}
            />
          )}
          {data.addedColumns.length === 0 && data.keptColumns.length === 0 && data.createdTables.length === 0 && (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="数据表无变化" />
          )}
          <SearchIndexPlan plan={data.searchIndexes} />
        </div>
      )}
    </Modal>
  );
}
