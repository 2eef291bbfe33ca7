import { memo, useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { App, Button, Modal, Table, Tooltip } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  applyFormulas,
  decodeRecord,
  defaultValues,
  definitionOf,
  FORM_VALIDATION_FAILED,
  isRequired,
  subTableRow,
  traitsOf,
  validateValues,
  type FormContext,
  type FormControl,
  type FormValues,
  type StoredRow,
} from '@park/core';
import { widgetOf } from '../../controls/registry.ts';
import type { RuntimeContext } from '../../controls/types.ts';
import { isDisabled, modelOf, nameOf } from '../../controls/common/values.ts';
import { encode } from '../api.ts';
import { VirtualGrid } from './VirtualGrid.tsx';

/** A column's width in the grid: a file or image list needs the room of its thumbnails and names. */
function columnWidth(control: FormControl): number {
  const upload = traitsOf(control).upload;
  return upload === 'file' || upload === 'image' ? 320 : 200;
}

export interface GridRow {
  key: string;
  id?: string;
  values: FormValues;
  errors: Record<string, string>;
}

let rowSeq = 0;
export const newRowKey = () => `row-${++rowSeq}`;

export interface BatchGridDialogProps {
  title: string;
  /** add: new rows, with the 新增 link (also after a data select); edit: the chosen rows. */
  mode: 'add' | 'edit';
  controls: FormControl[];
  initialRows: GridRow[];
  formId: number | null;
  subKey: string;
  context: FormContext;
  onCancel(): void;
  onSubmit(rows: Array<{ id?: string; stored: StoredRow }>): Promise<void>;
}

/** Columns of the grid: the sub-table's value controls. */
export function gridColumns(controls: FormControl[]): FormControl[] {
  return controls.filter((c) => {
    const family = definitionOf(c)?.family;
    return family !== undefined && family !== 'layout' && family !== 'subTable' && modelOf(c) !== '';
  });
}

interface CellProps {
  control: FormControl;
  rowKey: string;
  value: unknown;
  error: string | undefined;
  mode: 'add' | 'edit';
  rt: RuntimeContext;
  /** Large grids show text until a cell is activated, so scrolling mounts no editors. */
  lazy: boolean;
  active: boolean;
  onActivate(rowKey: string, model: string): void;
  onCell(rowKey: string, model: string, value: unknown): void;
}

/** Focuses the editor a click has just mounted. */
function FocusFirst({ children }: { children: ReactNode }) {
  const [holder, setHolder] = useState<HTMLDivElement | null>(null);
  useEffect(() => {
    holder?.querySelector<HTMLElement>('input, textarea, [tabindex="0"]')?.focus();
  }, [holder]);
  return <div ref={setHolder}>{children}</div>;
}

/** One editable cell; memoised so typing in one cell redraws only that cell. */
const Cell = memo(function Cell({
  control,
  rowKey,
  value,
  error,
  mode,
  rt,
  lazy,
  active,
  onActivate,
  onCell,
}: CellProps) {
  const widget = widgetOf(control.type);
  if (!widget) return null;
  const model = modelOf(control);
  const disabled = isDisabled(control, mode);
  let body: ReactNode;
  if (lazy && !active) {
    const text = widget.text(value, control);
    body = (
      <div
        className={disabled ? 'grid-cell-text grid-cell-text-disabled' : 'grid-cell-text'}
        role="button"
        tabIndex={disabled ? -1 : 0}
        aria-label={`编辑${nameOf(control)}`}
        onClick={() => !disabled && onActivate(rowKey, model)}
        onFocus={() => !disabled && onActivate(rowKey, model)}
      >
        {text || <span className="field-display-empty">{disabled ? '-' : '点击填写'}</span>}
      </div>
    );
  } else {
    const editor = (
      <widget.Editor
        compact
        control={control}
        value={value}
        ctx={rt}
        disabled={disabled}
        onChange={(v) => onCell(rowKey, model, v)}
      />
    );
    body = lazy ? <FocusFirst>{editor}</FocusFirst> : editor;
  }
  return (
    <div className={error ? 'grid-cell grid-cell-error' : 'grid-cell'} title={lazy ? error : undefined}>
      {body}
      {error && !lazy && <div className="grid-cell-message">{error}</div>}
    </div>
  );
});

/** Grids larger than this are virtualised and edited cell by cell. */
export const LAZY_GRID_ROWS = 50;

/**
 * The batch grid (spec 000 §2): editable rows, an add link only in batch-add mode, a delete
 * icon per row, 取消 and 确定. Rows are checked column by column with core's rules before they
 * go to the server; the grid is virtualised, so a thousand rows scroll smoothly.
 */
export function BatchGridDialog({
  title,
  mode,
  controls,
  initialRows,
  formId,
  subKey,
  context,
  onCancel,
  onSubmit,
}: BatchGridDialogProps) {
  const { message } = App.useApp();
  const [rows, setRows] = useState<GridRow[]>(initialRows);
  const [saving, setSaving] = useState(false);
  const [activeCell, setActiveCell] = useState<string | null>(null);
  const onActivate = useCallback((rowKey: string, model: string) => setActiveCell(`${rowKey}:${model}`), []);
  const lazy = rows.length > LAZY_GRID_ROWS;
  const columnsOf = useMemo(() => gridColumns(controls), [controls]);
  const ctx = useMemo<FormContext>(() => ({ ...context, mode }), [context, mode]);

  const onCell = useCallback(
    (rowKey: string, model: string, value: unknown) =>
      setRows((list) =>
        list.map((r) => {
          if (r.key !== rowKey) return r;
          const values = applyFormulas(controls, { ...r.values, [model]: value });
          if (r.errors[model] === undefined) return { ...r, values };
          const control = columnsOf.find((c) => modelOf(c) === model);
          const problem = control ? definitionOf(control)?.validate(value, control, ctx) : null;
          const errors = { ...r.errors };
          if (problem) errors[model] = problem;
          else delete errors[model];
          return { ...r, values, errors };
        }),
      ),
    [controls, columnsOf, ctx],
  );

  // One runtime context per row, so pickers' maps and urlParams see their own row.
  const contexts = useMemo(() => {
    const map = new Map<string, RuntimeContext>();
    for (const row of rows) {
      map.set(row.key, {
        mode,
        formId,
        subKey,
        recordId: row.id ?? null,
        form: ctx,
        getValue: (model) => row.values[model],
        setStored: (stored) => {
          const decoded = decodeRecord(controls, stored, true);
          for (const [model, value] of Object.entries(decoded)) onCell(row.key, model, value);
        },
        renderControls: () => null,
      });
    }
    return map;
  }, [rows, mode, formId, subKey, ctx, controls, onCell]);

  const addRow = () =>
    setRows((list) => [...list, { key: newRowKey(), values: defaultValues(controls, ctx), errors: {} }]);

  const submit = async () => {
    let failed: string | null = null;
    const checked = rows.map((row, index) => {
      const values = applyFormulas(controls, row.values);
      const errors: Record<string, string> = {};
      for (const problem of validateValues(controls, values, ctx)) {
        if (errors[problem.model] === undefined) errors[problem.model] = problem.message;
        failed ??= subTableRow(title.replace(/^批量(新增|编辑)/, ''), index + 1, problem.message);
      }
      return { ...row, values, errors };
    });
    setRows(checked);
    if (failed) {
      void message.error(`${FORM_VALIDATION_FAILED}：${failed}`);
      return;
    }
    if (checked.length === 0) {
      void message.warning('请至少添加一行数据');
      return;
    }
    setSaving(true);
    try {
      await onSubmit(checked.map((r) => ({ id: r.id, stored: encode(controls, r.values) })));
    } catch {
      // The http client has shown the reason.
    } finally {
      setSaving(false);
    }
  };

  const tableColumns = [
    { title: '序号', key: '__index', width: 64, render: (_: unknown, __: GridRow, i: number) => i + 1 },
    ...columnsOf.map((control) => ({
      title: (
        <span>
          {isRequired(control) && <span className="required-mark">*</span>}
          {nameOf(control)}
        </span>
      ),
      key: modelOf(control),
      width: columnWidth(control),
      render: (_: unknown, row: GridRow) => (
        <Cell
          control={control}
          rowKey={row.key}
          value={row.values[modelOf(control)]}
          error={row.errors[modelOf(control)]}
          mode={mode}
          rt={contexts.get(row.key)!}
          lazy={lazy}
          active={activeCell === `${row.key}:${modelOf(control)}`}
          onActivate={onActivate}
          onCell={onCell}
        />
      ),
    })),
    {
      title: '操作',
      key: '__actions',
      width: 72,
      render: (_: unknown, row: GridRow) => (
        <Tooltip title="删除该行">
          <Button
            type="text"
            danger
            icon={<DeleteOutlined />}
            aria-label="删除该行"
            onClick={() => setRows((list) => list.filter((r) => r.key !== row.key))}
          />
        </Tooltip>
      ),
    },
  ];
  const width =
    64 +
    72 +
    columnsOf.reduce(
      (sum, c) => sum + columnWidth(c),
      0,
    );

  return (
    <Modal
      open
      title={title}
      width="80%"
      onCancel={onCancel}
      mask={{ closable: false }}
      footer={[
        <Button key="cancel" onClick={onCancel}>
          取消
        </Button>,
        <Button key="ok" type="primary" loading={saving} onClick={() => void submit()}>
          确定
        </Button>,
      ]}
    >
      {lazy ? (
        // Past LAZY_GRID_ROWS rows: fixed-height virtual rows of text cells, edited one at a time.
        <div className="batch-grid batch-grid-virtual">
          <VirtualGrid<GridRow>
            rows={rows}
            rowKey={(r) => r.key}
            rowHeight={48}
            height={420}
            columns={tableColumns.map((c) => ({
              key: c.key,
              title: c.title,
              width: c.width,
              render: (row, index) => c.render(undefined, row, index),
            }))}
          />
        </div>
      ) : (
        <Table<GridRow>
          className="batch-grid"
          size="small"
          rowKey="key"
          dataSource={rows}
          columns={tableColumns}
          pagination={false}
          scroll={{ x: width, y: 420 }}
          locale={{ emptyText: mode === 'add' ? '点击下方“新增”添加一行' : '暂无数据' }}
        />
      )}
      {mode === 'add' && (
        <Button type="link" icon={<PlusOutlined />} onClick={addRow} className="batch-grid-add">
          新增
        </Button>
      )}
    </Modal>
  );
}
