import { useContext, useMemo, useState } from 'react';
import { App, Button, Space, Table } from 'antd';
import {
  DeleteOutlined,
  EditOutlined,
  FileSearchOutlined,
  PlusOutlined,
  TableOutlined,
} from '@ant-design/icons';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  decodeRecord,
  defaultValues,
  definitionOf,
  flattenControls,
  subTableChildren,
  traitsOf,
  type DsConf,
  type FormControl,
  type FormValues,
} from '@park/core';
import { widgetOf } from '../../controls/registry.ts';
import { applyDsMapping, FormDataChooser } from '../../controls/picker/FormDataChooser.tsx';
import type { RuntimeContext } from '../../controls/types.ts';
import { isObject, modelOf, nameOf, optionsOf, textOf } from '../../controls/common/values.ts';
import { tableLocale } from '../../lib/ListPage.tsx';
import {
  addSubRow,
  batchAddSubRows,
  batchDeleteSubRows,
  batchUpdateSubRows,
  querySubRows,
  SUB_PAGE_SIZE,
  updateSubRow,
  type StoredRecord,
} from '../api.ts';
import {
  ADDED,
  CONFIRM_DELETE,
  DELETED,
  DRAFT_ADDED,
  DRAFT_MODIFIED,
  MODIFIED,
  PARENT_FIRST,
  SELECT_TO_DELETE,
  SELECT_TO_EDIT,
  SUB_NO_CONTROLS,
} from '../messages.ts';
import { BatchGridDialog, gridColumns, newRowKey, type GridRow } from './BatchGridDialog.tsx';
import { ChildFormDialog } from './ChildFormDialog.tsx';
import { draftId, DraftRowsContext } from './draftRows.ts';

interface Row {
  id: string;
  values: FormValues;
}

type Dialog =
  | { kind: 'child'; mode: 'add' | 'edit'; row?: Row }
  | { kind: 'batch'; mode: 'add' | 'edit'; rows: GridRow[] }
  | { kind: 'choose' }
  | null;

/** Uploads draw their thumbnails or links in the cell, not their text. */
const isRich = (control: FormControl): boolean => traitsOf(control).upload !== null;

/**
 * The sub-table panel (spec 000 §2): rows of the saved parent with a checkbox and an index
 * column, sortable columns and an edit link, 5 to a page; add, batch add, batch edit, data
 * select (with dsConf.formId) and batch delete. Before the parent is saved, the actions work on the
 * editor's draft rows (DraftRowsContext: 保存 or 提交 sends them with the parent). In detail mode
 * only the rows are shown.
 */
export function SubTablePanel({ control, ctx }: { control: FormControl; ctx: RuntimeContext }) {
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const subKey = modelOf(control);
  const name = nameOf(control);
  const children = useMemo(() => subTableChildren(control), [control]);
  const columns = useMemo(() => gridColumns(flattenControls(children)), [children]);
  const formId = ctx.formId;
  const parentId = ctx.recordId && ctx.recordId !== '0' ? ctx.recordId : null;
  const detail = ctx.mode === 'detail';
  const dsConf = (isObject(optionsOf(control).dsConf) ? optionsOf(control).dsConf : undefined) as
    DsConf | undefined;
  const canChoose = textOf(dsConf?.formId) !== '';

  const [pageNum, setPageNum] = useState(1);
  const [selected, setSelected] = useState<string[]>([]);
  const [dialog, setDialog] = useState<Dialog>(null);

  const drafts = useContext(DraftRowsContext);
  // No saved parent, but the editor keeps rows until 保存/提交: the actions work on those.
  const local = parentId === null && drafts !== null && !detail;
  const draftRows = useMemo(() => (local ? (drafts.rows[subKey] ?? []) : []), [local, drafts, subKey]);
  const rowsKey = ['sub-rows', formId, subKey, parentId] as const;
  const query = useQuery({
    queryKey: [...rowsKey, pageNum],
    queryFn: ({ signal }) => querySubRows(formId!, subKey, parentId!, pageNum, signal),
    enabled: formId !== null && parentId !== null && subKey !== '',
    placeholderData: keepPreviousData,
  });
  const rows = useMemo<Row[]>(
    () =>
      local
        ? draftRows.slice((pageNum - 1) * SUB_PAGE_SIZE, pageNum * SUB_PAGE_SIZE).map((r) => ({ id: r.id, values: decodeRecord(children, r.stored) }))
        : (query.data?.rows ?? []).map((r: StoredRecord) => ({
            id: textOf(r.id),
            values: decodeRecord(children, r),
          })),
    [local, draftRows, pageNum, query.data, children],
  );
  const total = local ? draftRows.length : (query.data?.total ?? 0);
  const refresh = () => queryClient.invalidateQueries({ queryKey: rowsKey });
  const setDrafts = (next: typeof draftRows) => drafts?.set(subKey, [...next]);

  const form = useMemo(
    () => ({ ...ctx.form, mode: ctx.mode === 'edit' ? ('edit' as const) : ('add' as const) }),
    [ctx.form, ctx.mode],
  );

  /** Every action needs a saved parent and a sub-table with controls. */
  const ready = (): boolean => {
    if ((!parentId && !local) || formId === null) {
      void message.warning(PARENT_FIRST);
      return false;
    }
    if (columns.length === 0) {
      void message.warning(SUB_NO_CONTROLS);
      return false;
    }
    return true;
  };

  const chosenRows = () => rows.filter((r) => selected.includes(r.id));

  const onAdd = () => ready() && setDialog({ kind: 'child', mode: 'add' });
  const onBatchAdd = () =>
    ready() &&
    setDialog({
      kind: 'batch',
      mode: 'add',
      rows: [{ key: newRowKey(), values: defaultValues(children, { ...form, mode: 'add' }), errors: {} }],
    });
  const onBatchEdit = () => {
    if (!ready()) return;
    const chosen = chosenRows();
    if (chosen.length === 0) {
      void message.warning(SELECT_TO_EDIT);
      return;
    }
    setDialog({
      kind: 'batch',
      mode: 'edit',
      rows: chosen.map((r) => ({ key: newRowKey(), id: r.id, values: r.values, errors: {} })),
    });
  };
  // A draft row is only kept in the page: saying 新增成功 would tell the user it was saved.
  const doneText = (mode: 'add' | 'edit') => (local ? (mode === 'add' ? DRAFT_ADDED : DRAFT_MODIFIED) : mode === 'add' ? ADDED : MODIFIED);
  const onChoose = () => ready() && setDialog({ kind: 'choose' });
  const onDelete = () => {
    if (!ready()) return;
    if (selected.length === 0) {
      void message.warning(SELECT_TO_DELETE);
      return;
    }
    modal.confirm({
      title: '提示',
      content: CONFIRM_DELETE,
      okText: '确定',
      cancelText: '取消',
      okButtonProps: { danger: true },
      onOk: async () => {
        if (local) setDrafts(draftRows.filter((r) => !selected.includes(r.id)));
        else await batchDeleteSubRows(formId!, subKey, selected);
        void message.success(DELETED);
        setSelected([]);
        await refresh();
      },
    });
  };

  const tableColumns = [
    {
      title: '序号',
      key: '__index',
      width: 64,
      render: (_: unknown, __: Row, i: number) => (pageNum - 1) * SUB_PAGE_SIZE + i + 1,
    },
    ...columns.map((c) => {
      const widget = widgetOf(c.type);
      const model = modelOf(c);
      const text = (r: Row) => widget?.text(r.values[model], c) ?? '';
      return {
        title: nameOf(c),
        key: model,
        ellipsis: !isRich(c),
        sorter:
          definitionOf(c)?.family === 'number'
            ? (a: Row, b: Row) => Number(a.values[model] ?? 0) - Number(b.values[model] ?? 0)
            : (a: Row, b: Row) => text(a).localeCompare(text(b), 'zh-CN'),
        render: (_: unknown, r: Row) =>
          widget && isRich(c) ? (
            <widget.Display control={c} value={r.values[model]} ctx={{ ...ctx, mode: 'detail' }} />
          ) : (
            text(r) || '-'
          ),
      };
    }),
    ...(detail
      ? []
      : [
          {
            title: '操作',
            key: '__edit',
            width: 80,
            fixed: 'right' as const,
            render: (_: unknown, r: Row) => (
              <Button
                type="link"
                size="small"
                icon={<EditOutlined />}
                onClick={() => ready() && setDialog({ kind: 'child', mode: 'edit', row: r })}
              >
                编辑
              </Button>
            ),
          },
        ]),
  ];

  return (
    <div className="sub-table" data-subkey={subKey}>
      {!detail && (
        <Space wrap className="sub-table-toolbar">
          <Button type="primary" icon={<PlusOutlined />} onClick={onAdd}>
            新增
          </Button>
          <Button icon={<TableOutlined />} onClick={onBatchAdd}>
            批量新增
          </Button>
          <Button icon={<EditOutlined />} onClick={onBatchEdit}>
            批量编辑
          </Button>
          {canChoose && (
            <Button icon={<FileSearchOutlined />} onClick={onChoose}>
              数据选择
            </Button>
          )}
          <Button danger icon={<DeleteOutlined />} onClick={onDelete}>
            批量删除
          </Button>
        </Space>
      )}
      <Table<Row>
        size="small"
        rowKey="id"
        loading={!local && query.isFetching}
        dataSource={rows}
        columns={tableColumns}
        locale={tableLocale}
        scroll={{ x: 'max-content' }}
        rowSelection={
          detail
            ? undefined
            : { selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(String)) }
        }
        pagination={{
          current: pageNum,
          pageSize: SUB_PAGE_SIZE,
          total,
          showSizeChanger: false,
          showTotal: (n) => `共 ${n} 条`,
          onChange: (p) => setPageNum(p),
          hideOnSinglePage: false,
        }}
      />

      {dialog?.kind === 'child' && (
        <ChildFormDialog
          title={`${dialog.mode === 'add' ? '新增' : '编辑'}${name}`}
          mode={dialog.mode}
          controls={children}
          initial={dialog.row ? dialog.row.values : defaultValues(children, { ...form, mode: 'add' })}
          formId={formId}
          subKey={subKey}
          context={form}
          onCancel={() => setDialog(null)}
          onSubmit={async (stored) => {
            if (local) setDrafts(dialog.mode === 'add' ? [...draftRows, { id: draftId(), stored }] : draftRows.map((r) => (r.id === dialog.row!.id ? { ...r, stored } : r)));
            else if (dialog.mode === 'add') await addSubRow(formId!, subKey, parentId!, stored);
            else await updateSubRow(formId!, subKey, parentId!, dialog.row!.id, stored);
            void message.success(doneText(dialog.mode));
            setDialog(null);
            await refresh();
          }}
        />
      )}
      {dialog?.kind === 'batch' && (
        <BatchGridDialog
          title={`${dialog.mode === 'add' ? '批量新增' : '批量编辑'}${name}`}
          mode={dialog.mode}
          controls={children}
          initialRows={dialog.rows}
          formId={formId}
          subKey={subKey}
          context={form}
          onCancel={() => setDialog(null)}
          onSubmit={async (list) => {
            if (local) {
              const edited = new Map(list.map((r) => [r.id, r.stored]));
              setDrafts(
                dialog.mode === 'add'
                  ? [...draftRows, ...list.map((r) => ({ id: draftId(), stored: r.stored }))]
                  : draftRows.map((r) => ({ ...r, stored: edited.get(r.id) ?? r.stored })),
              );
            } else if (dialog.mode === 'add') {
              await batchAddSubRows(
                formId!,
                subKey,
                parentId!,
                list.map((r) => r.stored),
              );
            } else {
              await batchUpdateSubRows(
                formId!,
                subKey,
                parentId!,
                list.map((r) => ({ ...r.stored, id: r.id! })),
              );
            }
            void message.success(doneText(dialog.mode));
            setDialog(null);
            setSelected([]);
            await refresh();
          }}
        />
      )}
      {dialog?.kind === 'choose' && (
        <FormDataChooser
          open
          title={`数据选择 - ${name}`}
          dsConf={dsConf}
          formId={formId}
          controlKey={textOf(control.key) || subKey}
          keyType={1}
          onCancel={() => setDialog(null)}
          onOk={(picked) => {
            if (picked.length === 0) {
              void message.warning('请选择数据');
              return;
            }
            // The chosen records, mapped onto the sub-table's columns, open in the batch grid to finish.
            const models = columns.map(modelOf);
            const base = defaultValues(children, { ...form, mode: 'add' });
            const mapped = picked.map((row) => ({
              key: newRowKey(),
              values: { ...base, ...decodeRecord(children, applyDsMapping(dsConf, row, models), true) },
              errors: {},
            }));
            setDialog({ kind: 'batch', mode: 'add', rows: mapped });
          }}
        />
      )}
    </div>
  );
}
