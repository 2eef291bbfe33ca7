import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { App, Button, Modal, Progress, Result, Skeleton, Space, Table, Tooltip, type TableColumnsType, type TableProps } from 'antd';
import { DeleteOutlined, ExportOutlined, ImportOutlined, LinkOutlined, PlusOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import {
  buttonAllowed,
  buildListConditions,
  DELETE_CONFIRM,
  DELETE_NONE_SELECTED,
  DELETE_OK,
  EXCEL_EXPORT_FAILED,
  EXCEL_EXPORT_OK,
  EXPORT_JOB,
  EXPORT_POLL_MS,
  formIdFromPath,
  FUNCTION_BUTTON_NEEDS,
  LIST_PAGE_SIZE,
  LIST_PAGE_SIZES,
  listTotalText,
  pagerTotal,
  readListSettings,
  ROW_BUTTON_NEEDS,
  type FormAction,
  rowButtonShown,
  tableWidgetOf,
  tableWidgetQuery,
  type FormMeta,
  type FunctionAction,
  type JobState,
  type ListButton,
  type ListCondition,
  type ListSettings,
  type QueryValues,
  type RowAction,
} from '@park/core';
import { ApiError, errorMessage } from '../../../lib/http.ts';
import { ListPage, tableLocale } from '../../../lib/ListPage.tsx';
import { formDefinitionKey, loadFormDefinition } from '../../../form/api.ts';
import { FormDialog } from '../../../form/FormDialog.tsx';
import { useApprovalOnList } from '../../approval/listStatus.tsx';
import {
  deleteRecords,
  downloadFrom,
  exportFileUrl,
  importErrorsKey,
  listKey,
  loadFormActions,
  queryRecords,
  startExport,
  type ListRow,
} from './api.ts';
import { ResultCell } from './cells.tsx';
import { ImportDialog } from './ImportDialog.tsx';
import { ImportErrorsLink } from './ImportErrorsLink.tsx';
import { pollJob } from './jobs.ts';
import { QueryBar } from './QueryBar.tsx';
import { useJump } from './useJump.tsx';
import './list.css';

/**
 * Menu component `FormCustom`, `/form/list/N` (spec 000 §2, spec 002 §2): the list page of form N
 * driven by its sensorSettings. The form id is the last path segment; without a valid one the
 * page stops with the spec's message.
 */
export function FormListPage() {
  const { pathname } = useLocation();
  const parsed = formIdFromPath(pathname);
  if (!parsed.ok) {
    return (
      <div className="result-page">
        <Result status="error" title={parsed.message} />
      </div>
    );
  }
  return <FormList key={parsed.formId} formId={parsed.formId} hideAdd={pathname.includes('/full/custom/')} />;
}

function FormList({ formId, hideAdd }: { formId: number; hideAdd: boolean }) {
  const definition = useQuery({
    queryKey: formDefinitionKey(formId),
    queryFn: ({ signal }) => loadFormDefinition(formId, signal),
    staleTime: 10_000,
    retry: false,
  });
  const actions = useQuery({
    queryKey: ['form-actions', formId],
    queryFn: ({ signal }) => loadFormActions(formId, signal),
    staleTime: 10_000,
  });
  const settings = useMemo(() => (definition.data ? readListSettings(definition.data.meta) : null), [definition.data]);
  if (definition.isError) {
    return (
      <div className="result-page">
        <Result status="warning" title={errorMessage(definition.error, definition.error.message || '表单加载失败')} />
      </div>
    );
  }
  if (!settings || !definition.data || !actions.data) {
    return (
      <ListPage title="加载中">
        <Skeleton active paragraph={{ rows: 6 }} />
      </ListPage>
    );
  }
  return (
    <ListBody
      formId={formId}
      formName={definition.data.formName}
      meta={definition.data.meta}
      settings={settings}
      hideAdd={hideAdd}
      allowed={actions.data}
    />
  );
}

type SortState = { key: string; sort: 'asc' | 'desc' } | null;

function ListBody({
  formId,
  formName,
  meta,
  settings,
  hideAdd,
  allowed,
}: {
  formId: number;
  formName: string;
  meta: FormMeta;
  settings: ListSettings;
  hideAdd: boolean;
  /** The record actions this user may take: buttons for the others are not shown. */
  allowed: ReadonlySet<FormAction>;
}) {
  const { message, modal } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<QueryValues>({});
  const [conditions, setConditions] = useState<ListCondition[]>([]);
  const [page, setPage] = useState({ pageNum: 1, pageSize: settings.pageSize || LIST_PAGE_SIZE });
  const { widgetId } = settings;
  // The table widget's fixed filters: the server adds them to every page; the export sends them along.
  const fixedFilters = useMemo(
    () => (widgetId ? tableWidgetQuery(tableWidgetOf(meta.sensorSettingsV2, widgetId)).condFilters : []),
    [meta, widgetId],
  );
  const [sort, setSort] = useState<SortState>(null);
  const [selected, setSelected] = useState<number[]>([]);
  const [dialog, setDialog] = useState<{ businessId: string | null } | null>(null);
  const [importOpen, setImportOpen] = useState(false);
  const [exporting, setExporting] = useState<JobState | 'starting' | null>(null);
  const exportAbort = useRef<AbortController | null>(null);
  useEffect(() => () => exportAbort.current?.abort(), []);

  const list = useQuery({
    queryKey: [...listKey(formId), page, conditions, sort],
    queryFn: ({ signal }) =>
      queryRecords(formId, { ...page, queryConditions: conditions, sort: sort ? [sort] : [] }, widgetId, signal),
    placeholderData: keepPreviousData,
  });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: listKey(formId) });
  const jump = useJump(refresh);

  const search = () => {
    setConditions(buildListConditions(settings.fields, draft));
    setPage((p) => ({ ...p, pageNum: 1 }));
  };
  const reset = () => {
    setDraft({});
    setConditions([]);
    setPage((p) => ({ ...p, pageNum: 1 }));
  };

  const remove = (ids: number[]) => {
    if (ids.length === 0) {
      void message.warning(DELETE_NONE_SELECTED);
      return;
    }
    modal.confirm({
      title: DELETE_CONFIRM,
      okText: '确定',
      cancelText: '取消',
      onOk: async () => {
        await deleteRecords(formId, ids);
        void message.success(DELETE_OK);
        setSelected((s) => s.filter((id) => !ids.includes(id)));
        refresh();
      },
    });
  };

  const exportNow = async () => {
    const controller = new AbortController();
    exportAbort.current = controller;
    setExporting('starting');
    try {
      const code = await startExport(formId, [...conditions, ...fixedFilters], widgetId);
      const end = await pollJob(code, EXPORT_JOB, EXPORT_POLL_MS, setExporting, controller.signal);
      if (end.phase === 'failed') void message.error(end.reason ? `${EXCEL_EXPORT_FAILED}：${end.reason}` : EXCEL_EXPORT_FAILED);
      else {
        downloadFrom(exportFileUrl(code));
        void message.success(EXCEL_EXPORT_OK);
      }
    } catch (err) {
      if (!(err instanceof ApiError && err.kind === 'aborted')) void message.error(EXCEL_EXPORT_FAILED);
    } finally {
      setExporting(null);
    }
  };

  // Issue 20: 提交 and 审批状态 on a form with a deployed approval flow.
  const approval = useApprovalOnList(formId, (list.data?.rows ?? []).map((r) => r.id));
  const selectedRows = (list.data?.rows ?? []).filter((r) => selected.includes(r.id));
  const FUNCTION_HANDLERS: Record<FunctionAction, (b: ListButton<FunctionAction>) => void> = {
    add: () => (settings.addFull ? void navigate(`/full/custom/${formId}`) : setDialog({ businessId: null })),
    delete: () => remove(selected),
    import: () => setImportOpen(true),
    export: () => void exportNow(),
    custom: (b) => jump.run(b.jump, selectedRows[0] ?? {}),
  };
  const FUNCTION_ICONS: Partial<Record<FunctionAction, ReactNode>> = {
    add: <PlusOutlined />,
    delete: <DeleteOutlined />,
    import: <ImportOutlined />,
    export: <ExportOutlined />,
    custom: <LinkOutlined />,
  };
  const ROW_HANDLERS: Record<RowAction, (b: ListButton<RowAction>, row: ListRow) => void> = {
    edit: (_b, row) => setDialog({ businessId: String(row.id) }),
    delete: (_b, row) => remove([row.id]),
    view: (_b, row) => void navigate(`/form/detail/${formId}/${row.id}`),
    custom: (b, row) => jump.run(b.jump, row),
  };

  const functionButtons = settings.functionButtons.filter(
    (b) => !(b.action === 'add' && hideAdd) && buttonAllowed(FUNCTION_BUTTON_NEEDS[b.action], allowed),
  );
  const rowButtons = settings.rowButtons.filter((b) => buttonAllowed(ROW_BUTTON_NEEDS[b.action], allowed));
  const toolbar = (
    <Space wrap>
      {functionButtons.map((b) => (
        <Button
          key={b.id}
          type={b.action === 'add' ? 'primary' : 'default'}
          danger={b.action === 'delete'}
          icon={FUNCTION_ICONS[b.action]}
          loading={b.action === 'export' && exporting !== null}
          onClick={() => FUNCTION_HANDLERS[b.action](b)}
        >
          {b.name}
        </Button>
      ))}
      {functionButtons.some((b) => b.action === 'import') && <ImportErrorsLink formId={formId} />}
    </Space>
  );

  const { pageNum, pageSize } = page;
  const columns: TableColumnsType<ListRow> = [
    {
      title: '序号',
      key: '__index',
      width: 64,
      align: 'center',
      fixed: 'left',
      render: (_v, _r, i) => (pageNum - 1) * pageSize + i + 1,
    },
    ...settings.columns.map((col) => ({
      title: col.title,
      key: col.key,
      dataIndex: col.key,
      ellipsis: true,
      sorter: col.sortKey !== null,
      sortOrder: sort && col.sortKey === sort.key ? (sort.sort === 'asc' ? ('ascend' as const) : ('descend' as const)) : null,
      render: (_v: unknown, row: ListRow) => {
        const cell = <ResultCell control={col.control} row={row} columnKey={col.key} />;
        return col.jump ? (
          <Button type="link" size="small" className="list-cell-link" onClick={() => jump.run(col.jump?.info, row)}>
            {cell}
          </Button>
        ) : (
          cell
        );
      },
    })),
  ];
  if (approval.column) columns.push(approval.column);
  if (rowButtons.length > 0) {
    columns.push({
      title: '操作',
      key: '__actions',
      fixed: 'right',
      // Room for every link on one line: about 14 px a character plus the link's padding.
      width: Math.max(120, rowButtons.reduce((w, b) => w + b.name.length * 14 + 18, 24)),
      render: (_v, row) => (
        <Space size={0}>
          {rowButtons.filter((b) => rowButtonShown(b, row)).map((b) => {
            // A record under approval keeps its values: its 编辑/删除 are greyed, saying why.
            const locked = b.action === 'edit' || b.action === 'delete' ? approval.lockOf(row.id, b.action) : null;
            const button = (
              <Button
                key={b.id}
                type="link"
                size="small"
                danger={b.action === 'delete'}
                disabled={locked !== null}
                onClick={() => ROW_HANDLERS[b.action](b, row)}
              >
                {b.name}
              </Button>
            );
            return locked ? <Tooltip key={b.id} title={locked}><span>{button}</span></Tooltip> : button;
          })}
        </Space>
      ),
    });
  }

  const onTableChange: TableProps<ListRow>['onChange'] = (pagination, _filters, sorter) => {
    const one = Array.isArray(sorter) ? sorter[0] : sorter;
    const col = settings.columns.find((c) => c.key === one?.columnKey);
    const next: SortState = col?.sortKey && one?.order ? { key: col.sortKey, sort: one.order === 'ascend' ? 'asc' : 'desc' } : null;
    const size = pagination.pageSize ?? pageSize;
    const sortChanged = JSON.stringify(next) !== JSON.stringify(sort);
    setSort(next);
    // A new page size or sort starts again at page 1: the old page may no longer exist.
    setPage({ pageSize: size, pageNum: size !== pageSize || sortChanged ? 1 : (pagination.current ?? 1) });
  };

  const total = list.data?.total ?? 0;
  const totalKind = list.data?.kind ?? 'exact';
  const hasDelete = functionButtons.some((b) => b.action === 'delete');
  const hasCustomFn = functionButtons.some((b) => b.action === 'custom');
  return (
    <ListPage title={formName} extra={toolbar}>
      <QueryBar
        fields={settings.fields}
        columnCount={settings.columnCount}
        values={draft}
        onChange={(key, value) => setDraft((d) => ({ ...d, [key]: value }))}
        onSearch={search}
        onReset={reset}
      />
      <Table<ListRow>
        rowKey="id"
        size="middle"
        bordered
        locale={tableLocale}
        loading={list.isFetching}
        dataSource={list.data?.rows ?? []}
        columns={columns}
        scroll={{ x: 'max-content' }}
        rowSelection={
          hasDelete || hasCustomFn
            ? { selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(Number)), preserveSelectedRowKeys: false }
            : undefined
        }
        onChange={onTableChange}
        pagination={{
          current: pageNum,
          pageSize,
          total: pagerTotal(total, totalKind, pageSize),
          showSizeChanger: true,
          pageSizeOptions: [...LIST_PAGE_SIZES],
          showTotal: () => <span data-testid="list-total">{listTotalText(total, totalKind)}</span>,
        }}
      />
      <FormDialog
        formId={formId}
        businessId={dialog?.businessId}
        open={dialog !== null}
        submitVia={dialog?.businessId ? undefined : approval.submitVia}
        onClose={(saved) => {
          setDialog(null);
          if (saved) refresh();
        }}
      />
      <ImportDialog
        formId={formId}
        // A saved advanced layout's table widget has its own template (its columns); the plain list page's is the form's.
        widgetId={settings.source === 'sensorSettingsV2' ? widgetId : null}
        open={importOpen}
        onClose={() => setImportOpen(false)}
        onImported={() => {
          refresh();
          void queryClient.invalidateQueries({ queryKey: importErrorsKey(formId) });
        }}
      />
      <Modal
        open={exporting !== null}
        title="导出"
        footer={null}
        maskClosable={false}
        onCancel={() => exportAbort.current?.abort()}
        width={420}
      >
        <div data-testid="export-progress">
          {exporting === 'starting' || exporting === null ? (
            <span>正在创建导出任务…</span>
          ) : (
            <span>
              已导出 {exporting.done} / {exporting.total || '-'} 行
            </span>
          )}
          <Progress
            percent={exporting && exporting !== 'starting' ? exporting.percent : 0}
            status="active"
            size="small"
          />
        </div>
      </Modal>
      {jump.element}
    </ListPage>
  );
}
