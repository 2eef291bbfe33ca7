/**
 * The values of one form being filled on the phone. The same core functions as the desktop's
 * FormStore decide everything: conditional display (computeVisibility), formulas (applyFormulas),
 * each field's check (the definition's validate) and the whole form's (validateValues, which also
 * checks the sub-table rows held under their subKey). Fields subscribe to their own value, so a
 * keystroke re-renders one field, not the form.
 */
import {
  applyFormulas,
  computeVisibility,
  definitionOf,
  FORM_VALIDATION_FAILED,
  flattenControls,
  formulaReferences,
  isCalculated,
  isShownInMode,
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

function hasRelated(control: FormControl): boolean {
  if (!traitsOf(control).optionRelations) return false;
  const list = optionsOf(control).options;
  return Array.isArray(list) && list.some((o) => isObject(o) && Array.isArray(o.relatedList) && o.relatedList.length > 0);
}

export class MobileFormStore {
  readonly source: ControlSource;
  readonly ctx: FormContext;
  private values: FormValues;
  private errors: Record<string, string> = {};
  private visibility: Visibility;
  private readonly listeners = new Set<() => void>();
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
      if (isCalculated(control)) for (const ref of formulaReferences(optionsOf(control).formula)) this.formulaInputs.add(ref);
    }
    this.hasFormulas = controls.some((c) => isCalculated(c));
    this.values = this.hasFormulas ? applyFormulas(source, initial) : { ...initial };
    this.visibility = computeVisibility(source, this.values);
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  private emit(): void {
    for (const l of [...this.listeners]) l();
  }

  get(model: string): unknown {
    return this.values[model];
  }

  getValues(): FormValues {
    return this.values;
  }

  isHidden(control: FormControl): boolean {
    return this.visibility.isHidden(control) || !isShownInMode(control, this.ctx.mode);
  }

  errorOf(model: string): string | undefined {
    return this.errors[model];
  }

  set(model: string, value: unknown): void {
    this.patch({ [model]: value });
  }

  /** Several fields at once, in editor shape; formulas and conditional display follow. */
  patch(changes: FormValues): void {
    let values = { ...this.values, ...changes };
    const models = Object.keys(changes);
    if (this.hasFormulas && models.some((m) => this.formulaInputs.has(m))) values = applyFormulas(this.source, values);
    this.values = values;
    if (models.some((m) => this.controllers.has(m))) this.visibility = computeVisibility(this.source, values);
    // A shown problem is checked again as the field changes, so it goes once put right.
    for (const model of models) if (this.errors[model] !== undefined) this.checkField(model);
    this.emit();
  }

  /** Columns in stored shape (a data picker's maps), decoded by the owning controls' codecs. */
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

  private checkField(model: string): void {
    const control = this.byModel.get(model);
    const definition = control ? definitionOf(control) : undefined;
    if (!control || !definition) return;
    const message = this.isHidden(control) || isSubTable(control) ? null : definition.validate(this.values[model], control, this.ctx);
    const rest = { ...this.errors };
    if (message) rest[model] = message;
    else delete rest[model];
    this.errors = rest;
  }

  /** Shows every problem; gives the values to submit or throws 表单数据校验失败 with them. */
  validate(): FormValues {
    const values = this.hasFormulas ? applyFormulas(this.source, this.values) : this.values;
    const problems = validateValues(this.source, values, this.ctx);
    const errors: Record<string, string> = {};
    for (const e of problems) if (errors[e.model] === undefined) errors[e.model] = e.message;
    this.errors = errors;
    this.emit();
    if (problems.length > 0) throw new FormValidationError(problems);
    return submittableValues(this.source, values);
  }

  /** Problems the server found, shown on their fields. */
  showErrors(errors: ReadonlyArray<{ model?: unknown; message?: unknown }>): void {
    const next = { ...this.errors };
    for (const e of errors) if (typeof e.model === 'string' && typeof e.message === 'string' && this.byModel.has(e.model)) next[e.model] = e.message;
    this.errors = next;
    this.emit();
  }
}
