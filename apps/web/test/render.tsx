/**
 * Rendering one control widget the way the form renderer does (FormFields): inside the app's
 * own providers (antd ConfigProvider with zh_CN, antd App, react-query), with a RuntimeContext
 * and a controlled value. Only the HTTP boundary is replaced (see http.ts beside this file).
 */
import { useState, type ReactNode } from 'react';
import { render, type RenderResult } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel, type UserEvent } from '@testing-library/user-event';
import { vi, type Mock } from 'vitest';
import type { ControlType, FormContext, FormControl } from '@park/core';
import { AppProviders } from '../src/app/providers.tsx';
import { widgetOf } from '../src/controls/registry.ts';
import type { RenderMode, RuntimeContext } from '../src/controls/types.ts';
import { modelOf } from '../src/controls/common/values.ts';
import { SubTablePanel } from '../src/form/subtable/SubTablePanel.tsx';

/** A control as the designer saves it: model `f`, a name, the given options and extras. */
export function controlOf(type: ControlType, extra: Partial<FormControl> = {}): FormControl {
  return { type, key: `${type}_1`, model: 'f', name: '字段', ...extra, options: { ...extra.options } };
}

export interface CtxOptions {
  mode?: RenderMode;
  formId?: number | null;
  recordId?: string | null;
  subKey?: string | null;
  form?: Partial<FormContext>;
  /** Other fields' values, for urlParams (t=0) and a grid's columns. */
  values?: Record<string, unknown>;
}

export interface TestCtx extends RuntimeContext {
  setStored: Mock<(row: Record<string, unknown>) => void>;
}

export function makeCtx(opts: CtxOptions = {}): TestCtx {
  const mode = opts.mode ?? 'add';
  const values = opts.values ?? {};
  const ctx: TestCtx = {
    mode,
    formId: opts.formId === undefined ? 1 : opts.formId,
    subKey: opts.subKey ?? null,
    recordId: opts.recordId ?? null,
    form: {
      mode: mode === 'detail' ? undefined : mode,
      currentUser: { id: '1', realName: '系统管理员', userType: 0 },
      ...opts.form,
    },
    getValue: (model) => values[model],
    setStored: vi.fn<(row: Record<string, unknown>) => void>(),
    // Grids draw their columns' controls as the form would: editors, or displays in detail mode.
    renderControls: (list) =>
      list.map((child, i) => {
        const widget = widgetOf(child.type);
        if (!widget) return null;
        const value = values[modelOf(child)];
        return mode === 'detail' ? (
          <widget.Display key={i} control={child} value={value} ctx={ctx} />
        ) : (
          <widget.Editor
            key={i}
            control={child}
            value={value}
            ctx={ctx}
            disabled={false}
            onChange={() => undefined}
          />
        );
      }),
    // Sub-table controls draw the form's sub-table panel, as the form's sub-table section hands it in.
    renderSubTable: (control) => <SubTablePanel control={control} ctx={ctx} />,
  };
  return ctx;
}

function Providers({ children }: { children: ReactNode }) {
  return <AppProviders>{children}</AppProviders>;
}

export interface EditorView extends RenderResult {
  user: UserEvent;
  onChange: Mock<(value: unknown) => void>;
  onBlur: Mock<() => void>;
  ctx: TestCtx;
  /** The value the editor holds now (it is controlled, as in the form store). */
  current(): unknown;
}

/**
 * The widget's Editor with its value held in state, as the form store does: each onChange is
 * recorded and fed back, so typing and multi-step choices behave as in the real form.
 */
export function renderEditor(
  control: FormControl,
  value: unknown,
  opts: CtxOptions & { disabled?: boolean; user?: Parameters<typeof userEvent.setup>[0] } = {},
): EditorView {
  const widget = widgetOf(control.type);
  if (!widget) throw new Error(`no widget for ${control.type}`);
  const onChange = vi.fn<(value: unknown) => void>();
  const onBlur = vi.fn<() => void>();
  const ctx = makeCtx({ ...opts, mode: opts.mode === 'detail' ? 'edit' : opts.mode });
  let latest = value;
  const { Editor } = widget;
  function Harness() {
    const [held, setHeld] = useState<unknown>(value);
    return (
      <Editor
        control={control}
        value={held}
        id="field-under-test"
        ctx={ctx}
        disabled={opts.disabled ?? false}
        onChange={(next) => {
          latest = next;
          onChange(next);
          setHeld(next);
        }}
        onBlur={onBlur}
      />
    );
  }
  // jsdom computes styles slowly; user-event's check for pointer-events: none on every ancestor
  // of every event target cost a quarter of the run time, and antd never blocks clicks that way.
  const user = userEvent.setup({
    delay: null,
    pointerEventsCheck: PointerEventsCheckLevel.Never,
    ...opts.user,
  });
  const view = render(<Harness />, { wrapper: Providers });
  return { ...view, user, onChange, onBlur, ctx, current: () => latest };
}

/** The widget's read-only Display, as the detail view draws it. */
export function renderDisplay(control: FormControl, value: unknown, opts: CtxOptions = {}): RenderResult {
  const widget = widgetOf(control.type);
  if (!widget) throw new Error(`no widget for ${control.type}`);
  const ctx = makeCtx({ ...opts, mode: 'detail' });
  return render(<widget.Display control={control} value={value} ctx={ctx} />, { wrapper: Providers });
}

/**
 * Text of an element as a reader sees it: the text of each element separated by a space (a table
 * row's cells, a list's items), runs of white space folded.
 */
export function visibleText(element: Element | null): string {
  if (!element) return '';
  const parts: string[] = [];
  const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) parts.push(node.textContent ?? '');
  return parts.join(' ').replace(/\s+/g, ' ').trim();
}
