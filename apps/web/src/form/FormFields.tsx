import {
  createContext,
  useContext,
  useEffect,
  useDeferredValue,
  useId,
  useMemo,
  useSyncExternalStore,
  type CSSProperties,
  type ReactNode,
} from 'react';
import { Alert, ConfigProvider } from 'antd';
import { isRequired, listOf, type FormConfig, type FormControl } from '@park/core';
import { widgetOf } from '../controls/registry.ts';
import type { RenderMode, RuntimeContext } from '../controls/types.ts';
import { isDisabled, modelOf, nameOf, num, flag, textOf } from '../controls/common/values.ts';
import type { FormStore } from './store.ts';
import { useThemeTokens } from '../lib/themes.ts';
import './form.css';

interface Scope {
  store: FormStore;
  rt: RuntimeContext;
  idPrefix: string;
  labelSuffix: string;
}

const ScopeContext = createContext<Scope | null>(null);

function useScope(): Scope {
  const scope = useContext(ScopeContext);
  if (!scope) throw new Error('form controls must be drawn inside FormFields');
  return scope;
}

function useHidden(store: FormStore, control: FormControl): boolean {
  return useSyncExternalStore(store.subscribe, () => store.isHidden(control));
}

function FieldItem({ control }: { control: FormControl }) {
  const { store, rt, idPrefix, labelSuffix } = useScope();
  const model = modelOf(control);
  const value = useSyncExternalStore(store.subscribe, () => store.get(model));
  const error = useSyncExternalStore(store.subscribe, () => store.errorOf(model));
  const hidden = useHidden(store, control);
  const widget = widgetOf(control.type);
  if (hidden || !widget) return null;
  const id = `${idPrefix}${model || textOf(control.key)}`;
  const label = nameOf(control);
  const detail = rt.mode === 'detail';
  const required = !detail && isRequired(control);
  return (
    <div
      className={`form-field form-field-${control.type}${error ? ' ff-invalid' : ''}`}
      data-model={model || undefined}
    >
      <div className="ff-row">
        {label && (
          <label className={required ? 'ff-label ff-required' : 'ff-label'} htmlFor={id} title={label}>
            {label}
            {labelSuffix}
          </label>
        )}
        <div className="ff-control">
          {detail ? (
            <widget.Display control={control} value={value} ctx={rt} />
          ) : (
            <widget.Editor
              control={control}
              value={value}
              id={id}
              ctx={rt}
              disabled={isDisabled(control, rt.mode)}
              onChange={(next) => store.set(model, next)}
              onBlur={() => store.blur(model)}
            />
          )}
          {error && (
            <div className="ff-error" role="alert">
              {error}
            </div>
          )}
        </div>
      </div>
    </div>
  );
}

function ContainerNode({ control }: { control: FormControl }) {
  const { store, rt } = useScope();
  const hidden = useHidden(store, control);
  const widget = widgetOf(control.type);
  if (hidden || !widget) return null;
  return rt.mode === 'detail' ? (
    <widget.Display control={control} value={null} ctx={rt} />
  ) : (
    <widget.Editor control={control} value={null} ctx={rt} disabled={false} onChange={() => undefined} />
  );
}

function ControlNode({ control }: { control: FormControl }) {
  const widget = widgetOf(control.type);
  if (!widget)
    return (
      <Alert
        type="warning"
        showIcon
        title={`不支持的控件类型：${String(control.type)}`}
        className="form-unknown"
      />
    );
  // Sub-tables are drawn as tabs of their own below the form.
  if (widget.frame === 'subTable') return null;
  if (widget.frame === 'field') return <FieldItem control={control} />;
  return <ContainerNode control={control} />;
}

function renderList(list: FormControl[]): ReactNode {
  return listOf(list).map((control, i) => (
    <ControlNode key={textOf(control.key) || `${control.type}-${i}`} control={control} />
  ));
}

/** Top-level controls drawn in the first commit; the rest follow in an interruptible render. */
const FIRST_SLICE = 16;

export interface FormFieldsProps {
  store: FormStore;
  controls: FormControl[];
  mode: RenderMode;
  formId: number | null;
  subKey?: string | null;
  recordId?: string | null;
  config?: FormConfig;
  /** Locks every editor (a saved parent whose sub-tables are being filled). */
  locked?: boolean;
}

const SIZES: Record<string, 'small' | 'middle' | 'large'> = {
  mini: 'small',
  small: 'small',
  medium: 'middle',
  default: 'middle',
  middle: 'middle',
  large: 'large',
};

/** The form's look from its config: label width and position, size, suffix and border. */
export function formLayout(config: FormConfig | undefined) {
  const c = config ?? {};
  const labelWidth = num(c.labelWidth) ?? 100;
  const position = textOf(c.labelPosition) || 'right';
  const bordered = flag(c.isBorder);
  const style = bordered
    ? ({
        '--form-border-color': textOf(c.borderColor) || '#dcdfe6',
        '--form-border-width': `${num(c.borderWidth) ?? 1}px`,
        '--form-border-style': textOf(c.borderStyle) || 'solid',
      } as CSSProperties)
    : undefined;
  return {
    layout: position === 'top' ? ('vertical' as const) : ('horizontal' as const),
    labelAlign: position === 'left' ? ('left' as const) : ('right' as const),
    labelWidth,
    size: SIZES[textOf(c.size)] ?? 'middle',
    labelSuffix: textOf(c.labelSuffix),
    className: bordered ? 'form-view form-bordered' : 'form-view',
    style,
  };
}

/** Draws a list of controls (a form, or a sub-table row) in add, edit or detail mode. */
export function FormFields({
  store,
  controls,
  mode,
  formId,
  subKey = null,
  recordId = null,
  config,
  locked = false,
}: FormFieldsProps) {
  const idPrefix = useId().replace(/[^A-Za-z0-9_-]/g, '');
  // A long form shows its first controls at once and the rest a moment later, without blocking:
  // React renders the deferred value in the background and yields to typing and scrolling.
  const list = useMemo(() => listOf(controls), [controls]);
  const shown = useDeferredValue(list.length, Math.min(list.length, FIRST_SLICE));
  const complete = shown >= list.length;
  useEffect(() => {
    if (complete) performance.mark('park:form-complete');
  }, [complete]);
  const layout = formLayout(config);
  // 主题 (issue 40): the designer's chosen theme, as antd tokens for every control of the form.
  const themed = useThemeTokens(config?.themeId);
  const effectiveMode: RenderMode = locked ? 'detail' : mode;
  const scope = useMemo<Scope>(
    () => ({
      store,
      idPrefix: `f${idPrefix}_`,
      labelSuffix: layout.labelSuffix,
      rt: {
        mode: effectiveMode,
        formId,
        subKey,
        recordId,
        form: store.ctx,
        getValue: (model) => store.get(model),
        setStored: (row) => store.setStored(row),
        renderControls: renderList,
      },
    }),
    [store, idPrefix, layout.labelSuffix, effectiveMode, formId, subKey, recordId],
  );
  return (
    <ScopeContext.Provider value={scope}>
      <ConfigProvider componentSize={layout.size} theme={themed}>
        <div
          className={[
            layout.className,
            `ff-${layout.layout}`,
            `ff-label-${layout.labelAlign}`,
            mode === 'detail' || locked ? 'form-view-detail' : '',
          ]
            .filter(Boolean)
            .join(' ')}
          style={{ ...layout.style, '--ff-label-width': `${layout.labelWidth}px` } as CSSProperties}
        >
          {renderList(list.slice(0, shown))}
        </div>
      </ConfigProvider>
    </ScopeContext.Provider>
  );
}
