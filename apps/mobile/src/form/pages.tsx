import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { Button, ErrorBlock, Tag } from 'antd-mobile';
import { useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { APPROVE_STATUS_TEXT, decodeRecord, subTablesOf, type ApproveStatus, type FormControl } from '@park/core';
import { useSession } from '../lib/session.tsx';
import { modelOf } from '../controls/common/values.ts';
import { isFlowDeployed, loadFormActions, loadRecord, querySubRows, recordKey, recordStatus, type FormDefinition } from './api.ts';
import { Failed, Shell, useDefinition, useFormId } from './pageParts.tsx';
import { FormFields } from './FormFields.tsx';
import { MobileFormEditor } from './FormEditor.tsx';
import { MobileFormStore } from './store.ts';
import { SubTableCards } from './SubTableCards.tsx';
import { useFormContext } from './useFormContext.ts';
import './form.css';
import { PageLoading } from '../lib/PageLoading.tsx';

/** /m/form/:formId/add — a new record (提交 for approval when the form has a flow). */
export function FormAddPage() {
  const navigate = useNavigate();
  const client = useQueryClient();
  const { user } = useSession();
  const { formId, problem } = useFormId();
  const definition = useDefinition(formId);
  const { ready, ctx } = useFormContext('add');
  const deployed = useQuery({ queryKey: ['m-flow-deployed', formId], queryFn: ({ signal }) => isFlowDeployed(formId!, signal), enabled: formId !== null, staleTime: 30_000 });
  const title = definition.data ? `新增${definition.data.formName}` : '新增';
  if (problem || formId === null) return <Shell title={title}><ErrorBlock status="default" title={problem} description="" /></Shell>;
  if (definition.isError) return <Shell title={title}><Failed error={definition.error} formId={formId} /></Shell>;
  if (!definition.data || !ready || deployed.isLoading) return <Shell title={title}><PageLoading /></Shell>;
  return (
    <Shell title={title}>
      <MobileFormEditor
        definition={definition.data}
        mode="add"
        userId={user.id}
        context={ctx}
        submitsForApproval={deployed.data === true}
        onSaved={(businessId) => {
          void client.invalidateQueries({ queryKey: ['m-form-list', formId] });
          void navigate(`/form/${formId}/record/${businessId}`, { replace: true });
        }}
      />
    </Shell>
  );
}

/** The record read-only: every control's display, the sub-tables as cards. */
function RecordView({ definition, record, subRows }: { definition: FormDefinition; record: Record<string, unknown>; subRows: Record<string, Record<string, unknown>[]> }) {
  const { ctx } = useFormContext(undefined);
  const [store] = useState(() => {
    const values = decodeRecord(definition.meta, record);
    for (const t of subTablesOf(definition.meta)) {
      const rows = subRows[modelOf(t)] ?? [];
      values[modelOf(t)] = rows.map((r) => decodeRecord((t.tableColumns ?? []) as FormControl[], r));
    }
    return new MobileFormStore(definition.meta, values, { ...ctx, mode: 'edit' });
  });
  return (
    <FormFields
      store={store}
      controls={definition.meta.list}
      mode="detail"
      formId={definition.formId}
      form={ctx}
      renderSubTable={(control) => <SubTableCards key={modelOf(control)} control={control} store={store} formId={definition.formId} form={ctx} readOnly />}
    />
  );
}

/** /m/form/:formId/record/:id — view a record; 编辑 when the user may and its approval does not lock it. */
export function FormRecordPage() {
  const client = useQueryClient();
  const { user } = useSession();
  const { formId, problem } = useFormId();
  const { id = '' } = useParams();
  const [editing, setEditing] = useState(false);
  const definition = useDefinition(formId);
  const { ready, ctx } = useFormContext('edit');
  const enabled = formId !== null && /^\d+$/.test(id);
  const record = useQuery({ queryKey: recordKey(formId ?? 0, id), queryFn: ({ signal }) => loadRecord(formId!, id, signal), enabled, retry: false });
  const actions = useQuery({ queryKey: ['m-form-actions', formId], queryFn: ({ signal }) => loadFormActions(formId!, signal), enabled, staleTime: 60_000 });
  const deployed = useQuery({ queryKey: ['m-flow-deployed', formId], queryFn: ({ signal }) => isFlowDeployed(formId!, signal), enabled, staleTime: 30_000 });
  const status = useQuery({ queryKey: ['m-record-status', formId, id], queryFn: ({ signal }) => recordStatus(formId!, id, signal), enabled: enabled && deployed.data === true });
  const tables = definition.data ? subTablesOf(definition.data.meta) : [];
  const subs = useQueries({
    queries: tables.map((t) => ({ queryKey: ['m-sub-rows', formId, modelOf(t), id], queryFn: ({ signal }: { signal: AbortSignal }) => querySubRows(formId!, modelOf(t), id, signal), enabled })),
  });
  const title = definition.data?.formName ?? '记录详情';
  if (problem || formId === null) return <Shell title={title}><ErrorBlock status="default" title={problem} description="" /></Shell>;
  if (definition.isError) return <Shell title={title}><Failed error={definition.error} formId={formId} /></Shell>;
  if (record.isError) return <Shell title={title}><ErrorBlock status="default" title="记录不存在或无权查看" description="" /></Shell>;
  if (!definition.data || !record.data || !ready || subs.some((s) => s.isLoading)) return <Shell title={title}><PageLoading /></Shell>;
  const subRows = Object.fromEntries(tables.map((t, i) => [modelOf(t), subs[i]?.data ?? []]));
  const mayEdit = actions.data?.has('edit') === true && status.data?.editLocked !== true;
  const reload = () => {
    void client.invalidateQueries({ queryKey: recordKey(formId, id) });
    void client.invalidateQueries({ queryKey: ['m-sub-rows', formId] });
    void client.invalidateQueries({ queryKey: ['m-record-status', formId, id] });
    void client.invalidateQueries({ queryKey: ['m-form-list', formId] });
  };
  return (
    <Shell
      title={editing ? `编辑${title}` : title}
      right={
        !editing && mayEdit ? (
          <Button size="small" fill="none" color="primary" onClick={() => setEditing(true)}>
            编辑
          </Button>
        ) : null
      }
    >
      {status.data && !editing && (
        <div className="m-record-status">
          审批状态：<Tag color="primary">{APPROVE_STATUS_TEXT[status.data.approveStatus as ApproveStatus] ?? status.data.approveStatus}</Tag>
        </div>
      )}
      {editing ? (
        <MobileFormEditor
          definition={definition.data}
          mode="edit"
          userId={user.id}
          context={ctx}
          record={record.data}
          subRows={subRows}
          submitsForApproval={deployed.data === true && !status.data}
          onSaved={() => {
            setEditing(false);
            reload();
          }}
        />
      ) : (
        <RecordView key={String(record.dataUpdatedAt)} definition={definition.data} record={record.data} subRows={subRows} />
      )}
    </Shell>
  );
}
