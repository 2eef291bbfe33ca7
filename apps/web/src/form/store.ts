/**
 * The values of one form while it is edited. Every field subscribes to its own value, error and
 * visibility, so a keystroke re-renders one field, not the form. Conditional display and the
 * calculated fields are recomputed by core's own functions (computeVisibility, applyFormulas)
 * whenever an input they depend on changes; validation is core's validateValues.
 */
import {
  applyFormulas,
  computeVisibility,
  definitionOf,
  FORM_VALIDATION_FAILED,
  flattenControls,
  formulaReferences,
  isShownInMode,
  isCalculated,
  isSubTable,
  submittableValues,
  traitsOf,
  validateValues,
  type ControlSource,
  type FieldError,
  type FormContext,
  type FormControl,
  type FormValues,
  type Visibility,
} from '@park/core';
import { isObject, modelOf, optionsOf } from '../controls/common/values.ts';

export class FormValidationError extends Error {
  readonly errors: FieldError[];
  constructor(errors: FieldError[]) {
    super(FORM_VALIDATION_FAILED);
    this.name = 'FormValidationError';
    this.errors = errors;
  }
}

type Listener = () => void;

function hasRelated(control: FormControl): boolean {
  if (!traitsOf(control).optionRelations) return false;
  const list = optionsOf(control).options;
  return (
    Array.isArray(list) &&
    list.some((o) => isObject(o) && Array.isArray(o.relatedList) && o.relatedList.length > 0)
  );
}

export class FormStore {
  readonly source: ControlSource;
  readonly ctx: FormContext;
  private values: FormValues;
  private errors: Record<string, string> = {};
  private touched = new Set<string>();
  private visibility: Visibility;
  private readonly listeners = new Set<Listener>();
  private readonly byModel = new Map<string, FormControl>();
  private readonly controllers = new Set<string>();
  private readonly formulaInputs = new Set<string>();
  private readonly hasFormulas: boolean;

  constructor(source: ControlSource, initial: FormValues, ctx: FormContext) {
    this.source = source;
    this.ctx = ctx;
    const controls = flattenControls(source);
    for (const control of controls) {
      const model = modelOf(control);
      if (model && !this.byModel.has(model)) this.byModel.set(model, control);
      if (model && hasRelated(control)) this.controllers.add(model);
      if (isCalculated(control))
        for (const ref of formulaReferences(optionsOf(control).formula)) this.formulaInputs.add(ref);
    }
    this.hasFormulas = controls.some((c) => isCalculated(c));
    this.values = this.hasFormulas ? applyFormulas(source, initial) : { ...initial };
    this.visibility = computeVisibility(source, this.values);
  }

  subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private emit(): void {
    for (const listener of [...this.listeners]) listener();
  }

  get(model: string): unknown {
    return this.values[model];
  }

  getValues(): FormValues {
    return this.values;
  }

  controlOf(model: string): FormControl | undefined {
    return this.byModel.get(model);
  }

  isHidden(control: FormControl): boolean {
    return this.visibility.isHidden(control) || !isShownInMode(control, this.ctx.mode);
  }

  errorOf(model: string): string | undefined {
    return this.errors[model];
  }

  /** One field's change: formulas and conditional display follow, and a shown error is rechecked. */
  set(model: string, value: unknown): void {
    this.patch({ [model]: value });
  }

  /** Several fields at once, in editor shape. */
  patch(changes: FormValues): void {
    let values = { ...this.values, ...changes };
    const models = Object.keys(changes);
    if (this.hasFormulas && models.some((m) => this.formulaInputs.has(m)))
      values = applyFormulas(this.source, values);
    this.values = values;
    if (models.some((m) => this.controllers.has(m))) this.visibility = computeVisibility(this.source, values);
    for (const model of models)
      if (this.errors[model] !== undefined || this.touched.has(model)) this.checkField(model);
    this.emit();
  }

  /** Columns in stored shape (picker maps), decoded by the owning controls' codecs. */
  setStored(row: Record<string, unknown>): void {
    const changes: FormValues = {};
    for (const [column, raw] of Object.entries(row)) {
      const control = this.byModel.get(column);
      const definition = control ? definitionOf(control) : undefined;
      if (!control || !definition || isSubTable(control)) continue;
      changes[column] = definition.codec.fromStored({ [column]: raw }, control);
    }
    if (Object.keys(changes).length > 0) this.patch(changes);
  }

  /** The field was left: from now on its problems show as they are typed. */
  blur(model: string): void {
    this.touched.add(model);
    if (this.checkField(model)) this.emit();
  }

  private checkField(model: string): boolean {
    const control = this.byModel.get(model);
    const definition = control ? definitionOf(control) : undefined;
    if (!control || !definition) return false;
    const message = this.isHidden(control)
      ? null
      : definition.validate(this.values[model], control, this.ctx);
    const before = this.errors[model];
    if (message) this.errors = { ...this.errors, [model]: message };
    else if (before !== undefined) {
      const rest = { ...this.errors };
      delete rest[model];
      this.errors = rest;
    }
    return before !== (message ?? undefined);
  }

  /** Shows every problem; resolves with the values to submit or rejects with 表单数据校验失败. */
  validate(): FormValues {
    const values = this.hasFormulas ? applyFormulas(this.source, this.values) : this.values;
    const problems = validateValues(this.source, values, this.ctx).filter((e) => e.row === undefined);
    const errors: Record<string, string> = {};
    for (const e of problems) if (errors[e.model] === undefined) errors[e.model] = e.message;
    this.errors = errors;
    this.emit();
    if (problems.length > 0) throw new FormValidationError(problems);
    return submittableValues(this.source, values);
  }

  /** Problems the server found, shown on their fields. */
  showErrors(errors: Array<{ model?: unknown; message?: unknown }>): void {
    const next = { ...this.errors };
    for (const e of errors)
      if (typeof e.model === 'string' && typeof e.message === 'string' && this.byModel.has(e.model))
        next[e.model] = e.message;
    this.errors = next;
    this.emit();
  }

  reset(values: FormValues): void {
    this.values = this.hasFormulas ? applyFormulas(this.source, values) : { ...values };
    this.visibility = computeVisibility(this.source, this.values);
    this.errors = {};
    this.touched.clear();
    this.emit();
  }
}
