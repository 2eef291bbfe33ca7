import { useCallback, useEffect, useMemo, useState } from 'react';
import { Button, ErrorBlock, Input, NavBar, Result } from 'antd-mobile';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { anonymousCreatorLabel, decodeRecord, flattenControls, QR_ACCESS_TEXT, subTableChildren, subTablesOf, type FormContext, type FormMeta, type QrSubReply } from '@park/core';
import { ApiError } from '../../lib/http.ts';
import { useSession } from '../../lib/session.tsx';
import { MobileFormEditor } from '../../form/FormEditor.tsx';
import { FormFields } from '../../form/FormFields.tsx';
import { MobileFormStore } from '../../form/store.ts';
import { definitionKey, loadFormDefinition, type FormDefinition, type StoredRecord } from '../../form/api.ts';
import { SubTableCards, type SubTableLimits } from '../../form/SubTableCards.tsx';
import { useFormContext } from '../../form/useFormContext.ts';
import { addAnonymously, addThroughCode, codeParams, loadAnonymousForm, loadBoundRecord, newChallenge, resolveCode, updateBoundRecord, type BoundRecord, type QrEntryInfo } from './api.ts';
import { anonymousUploads, entryMeta, presetValues } from './entryMeta.ts';
import '../../form/form.css';
import './qr.css';
import { PageLoading } from '../../lib/PageLoading.tsx';

/*
 * What a scanned form code opens (issue 39, ADR 0055). /qr/:token is outside the login: an
 * anonymous 新增 entry is filled there; any other code goes on to /qr/:token/open, behind the
 * login (the login page brings the user back to the same address, parameters included).
 */

function Shell({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <div className="m-page m-form-page">
      <NavBar back={null}>{title}</NavBar>
      {children}
    </div>
  );
}

/** A revoked, hidden or unknown code (or a record gone): said plainly. */
function Invalid({ text = QR_ACCESS_TEXT.revoked }: { text?: string }) {
  return (
    <Shell title="扫码填报">
      <ErrorBlock status="default" title={text} description="请联系管理员获取新的二维码" />
    </Shell>
  );
}

function Done({ title, description }: { title: string; description: string }) {
  return <Result status="success" title={title} description={description} />;
}

const useToken = () => useParams().token ?? '';
const isGone = (err: unknown) => err instanceof ApiError && (err.status === 404 || err.status === 400);

/** /qr/:token — anonymous entries are filled here; the others go on behind the login. */
export function QrCodePage() {
  const token = useToken();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const params = useMemo(() => codeParams(search), [search]);
  const form = useQuery({ queryKey: ['m-qr-anonymous', token, params], queryFn: ({ signal }) => loadAnonymousForm(token, params, signal), retry: false });
  useEffect(() => {
    if (form.data === null) void navigate(`/qr/${encodeURIComponent(token)}/open${search.size ? `?${search.toString()}` : ''}`, { replace: true });
  }, [form.data, navigate, token, search]);
  if (form.isError) return <Invalid />;
  if (!form.data) return <Shell title="扫码填报"><PageLoading /></Shell>;
  return <AnonymousFill token={token} params={params} entry={form.data.entry} definition={form.data.definition} />;
}

function AnonymousFill({ token, params, entry, definition }: { token: string; params: Record<string, string>; entry: QrEntryInfo; definition: FormDefinition }) {
  const [saved, setSaved] = useState(false);
  const [challenge, setChallenge] = useState<{ challengeId: string; question: string } | null>(null);
  const [answer, setAnswer] = useState('');
  const fetchChallenge = useCallback(() => newChallenge(token).then(setChallenge, () => setChallenge(null)), [token]);
  useEffect(() => {
    void fetchChallenge();
  }, [fetchChallenge]);
  const refresh = () => {
    setAnswer('');
    void fetchChallenge();
  };
  const meta = useMemo(() => entryMeta(definition.meta, new Set(entry.readOnly), null), [definition.meta, entry.readOnly]);
  // Photos and files go with the challenge the submission will answer.
  const withUploads = useMemo(() => anonymousUploads(meta, token, challenge?.challengeId ?? null), [meta, token, challenge]);
  const shaped = useMemo(() => ({ ...definition, meta: withUploads }), [definition, withUploads]);
  const ctx: FormContext = { mode: 'add' };
  if (saved) {
    return (
      <Shell title={definition.formName}>
        <Done title="提交成功" description={`提交人：${anonymousCreatorLabel(entry.name)}`} />
      </Shell>
    );
  }
  return (
    <Shell title={`${definition.formName}（${entry.name}）`}>
      <MobileFormEditor
        definition={shaped}
        mode="add"
        userId={0}
        context={ctx}
        submitsForApproval={false}
        initial={presetValues(meta, entry.presets)}
        send={async (stored) => {
          try {
            return await addAnonymously(token, params, stored, challenge?.challengeId ?? '', answer);
          } finally {
            refresh(); // a challenge is used once, right or wrong
          }
        }}
        onSaved={() => setSaved(true)}
        footer={
          <div className="m-field" data-testid="qr-challenge">
            <div className="m-field-label m-required">验证</div>
            <div className="m-field-body qr-challenge">
              <span>{challenge ? `请计算：${challenge.question}` : '验证题加载中'}</span>
              <Input aria-label="验证答案" placeholder="请输入答案" value={answer} onChange={setAnswer} inputMode="numeric" />
              <Button size="mini" fill="none" color="primary" onClick={refresh}>
                换一题
              </Button>
            </div>
          </div>
        }
      />
    </Shell>
  );
}

/** /qr/:token/open — signed in: the entry decides whether a record is added, seen or edited. */
export function QrEntryPage() {
  const token = useToken();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const params = useMemo(() => codeParams(search), [search]);
  const resolved = useQuery({ queryKey: ['m-qr-entry', token, params], queryFn: ({ signal }) => resolveCode(token, params, signal), retry: false });
  const entry = resolved.data;
  useEffect(() => {
    // A 查看/编辑 code bound to no record opens the form's list.
    if (entry && entry.mode !== 'add' && !entry.recordId) void navigate(`/form/${entry.formId}`, { replace: true });
  }, [entry, navigate]);
  if (resolved.isError) return <Invalid />;
  if (!entry) return <Shell title="扫码填报"><PageLoading /></Shell>;
  if (entry.mode === 'add') return <QrAdd token={token} params={params} entry={entry} />;
  if (!entry.recordId) return <Shell title="扫码填报"><PageLoading /></Shell>;
  return <QrRecord token={token} entry={entry} />;
}

function useDefinition(formId: number) {
  return useQuery({ queryKey: definitionKey(formId), queryFn: ({ signal }) => loadFormDefinition(formId, signal), staleTime: 60_000, retry: false });
}

function QrAdd({ token, params, entry }: { token: string; params: Record<string, string>; entry: QrEntryInfo }) {
  const { user } = useSession();
  const client = useQueryClient();
  const navigate = useNavigate();
  const definition = useDefinition(entry.formId);
  const { ready, ctx } = useFormContext('add');
  const meta = useMemo(() => (definition.data ? entryMeta(definition.data.meta, new Set(entry.readOnly), null) : null), [definition.data, entry.readOnly]);
  if (definition.isError) return <Invalid text="表单加载失败" />;
  if (!definition.data || !meta || !ready) return <Shell title="扫码填报"><PageLoading /></Shell>;
  return (
    <Shell title={`${definition.data.formName}（${entry.name}）`}>
      <MobileFormEditor
        definition={{ ...definition.data, meta }}
        mode="add"
        userId={user.id}
        context={ctx}
        submitsForApproval={false}
        initial={presetValues(meta, entry.presets)}
        send={(stored, children) => addThroughCode(token, params, stored, children)}
        onSaved={(businessId) => {
          void client.invalidateQueries({ queryKey: ['m-form-list', entry.formId] });
          void navigate(`/form/${entry.formId}/record/${businessId}`, { replace: true });
        }}
      />
    </Shell>
  );
}

function QrRecord({ token, entry }: { token: string; entry: QrEntryInfo }) {
  const { user } = useSession();
  const client = useQueryClient();
  const definition = useDefinition(entry.formId);
  const { ready, ctx } = useFormContext('edit');
  const bound = useQuery({ queryKey: ['m-qr-record', token], queryFn: ({ signal }) => loadBoundRecord(token, signal), retry: false });
  const [editing, setEditing] = useState(false);
  const [savedAt, setSavedAt] = useState(0);
  if (bound.isError) return <Invalid text={isGone(bound.error) ? QR_ACCESS_TEXT.recordGone : '加载失败，请稍后重试'} />;
  if (definition.isError) return <Invalid text="表单加载失败" />;
  if (!definition.data || !bound.data || !ready) return <Shell title="扫码查看"><PageLoading /></Shell>;
  const record = bound.data;
  const editable = new Set(record.editable);
  const visible = record.visible ? new Set(record.visible) : null;
  const locked = new Set(definition.data.meta.list.flatMap((c) => (typeof c.model === 'string' && !editable.has(c.model) ? [c.model] : [])));
  const meta = entryMeta(definition.data.meta, locked, visible, new Map(record.subs.map((s) => [s.subKey, s.fields ? new Set(s.fields) : null])));
  const subRows = Object.fromEntries(record.subs.map((s) => [s.subKey, s.rows as StoredRecord[]]));
  const subLimits = limitsOf(meta, record.subs);
  const mayChange = editable.size > 0 || record.subs.some((s) => s.add !== 'none' || s.editableRowIds.length > 0);
  const title = `${definition.data.formName}（${entry.name}）`;
  if (editing) {
    return (
      <Shell title={title}>
        <MobileFormEditor
          definition={{ ...definition.data, meta }}
          mode="edit"
          userId={user.id}
          context={ctx}
          record={record.data}
          subRows={subRows}
          subLimits={subLimits}
          submitsForApproval={false}
          send={(stored, children) => updateBoundRecord(token, stored, children, record.data.version)}
          onSaved={() => {
            setEditing(false);
            setSavedAt(Date.now());
            void client.invalidateQueries({ queryKey: ['m-qr-record', token] });
          }}
        />
      </Shell>
    );
  }
  return (
    <Shell title={title}>
      <BoundView key={`${bound.dataUpdatedAt}-${savedAt}`} definition={definition.data} meta={meta} record={record} />
      {entry.mode === 'edit' && mayChange && (
        <div className="m-form-footer">
          <Button block color="primary" size="large" onClick={() => setEditing(true)}>
            编辑
          </Button>
        </div>
      )}
    </Shell>
  );
}

/** Each shown sub-table's limits for the editor, from the server's rules (which it enforces again). */
function limitsOf(meta: FormMeta, subs: QrSubReply[]): Record<string, SubTableLimits> {
  const out: Record<string, SubTableLimits> = {};
  for (const table of subTablesOf(meta)) {
    const rule = subs.find((s) => s.subKey === table.model);
    if (!rule) continue;
    const columns = flattenControls(subTableChildren(table)).flatMap((c) => (typeof c.model === 'string' && c.model ? [c.model] : []));
    const editableRows = new Set(rule.editableRowIds.map(String));
    out[rule.subKey] = {
      add: rule.add,
      mayEdit: (id) => editableRows.has(id),
      lockedInSaved: new Set(columns.filter((c) => rule.editFields !== null && !rule.editFields.includes(c))),
      lockedInAdded: new Set(columns.filter((c) => rule.addFields !== null && !rule.addFields.includes(c))),
    };
  }
  return out;
}

function BoundView({ definition, meta, record }: { definition: FormDefinition; meta: FormDefinition['meta']; record: BoundRecord }) {
  const { ctx } = useFormContext(undefined);
  const [store] = useState(() => {
    const values = decodeRecord(meta, record.data);
    for (const table of subTablesOf(meta)) {
      const rows = record.subs.find((s) => s.subKey === table.model)?.rows ?? [];
      values[String(table.model)] = rows.map((row) => decodeRecord(subTableChildren(table), row));
    }
    return new MobileFormStore(meta, values, { ...ctx, mode: 'edit' });
  });
  return (
    <FormFields
      store={store}
      controls={meta.list}
      mode="detail"
      formId={definition.formId}
      form={ctx}
      renderSubTable={(control) => <SubTableCards key={String(control.model)} control={control} store={store} formId={definition.formId} form={ctx} readOnly />}
    />
  );
}
