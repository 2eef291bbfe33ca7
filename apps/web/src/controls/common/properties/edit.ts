/**
 * Pure edits of a control: every panel change goes through these, so an edit never mutates the
 * design the canvas holds (its undo history keeps the old objects) and keys never change.
 */
import type { ControlOptions, FormControl, FormRule } from '@park/core';

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function optionsOf(control: FormControl): ControlOptions {
  return isRecord(control.options) ? control.options : {};
}

/** The control with one option replaced; undefined removes it. */
export function withOption(control: FormControl, name: string, value: unknown): FormControl {
  const options: ControlOptions = { ...optionsOf(control) };
  if (value === undefined) delete options[name];
  else options[name] = value;
  return { ...control, options };
}

export function withOptions(control: FormControl, patch: Record<string, unknown>): FormControl {
  return { ...control, options: { ...optionsOf(control), ...patch } };
}

/** The control with a top-level field (name, model, label_model, typeCode…) replaced. */
export function withField(control: FormControl, name: string, value: unknown): FormControl {
  const next: FormControl = { ...control };
  if (value === undefined) delete next[name];
  else next[name] = value;
  return next;
}

/** A nested object option (maps, dsConf, formula, props) with some keys replaced. */
export function withNested(control: FormControl, name: string, patch: Record<string, unknown>): FormControl {
  const current = optionsOf(control)[name];
  return withOption(control, name, { ...(isRecord(current) ? current : {}), ...patch });
}

export function nestedOf(control: FormControl, name: string): Record<string, unknown> {
  const current = optionsOf(control)[name];
  return isRecord(current) ? current : {};
}

export function rulesOf(control: FormControl): FormRule[] {
  return Array.isArray(control.rules) ? control.rules.filter(isRecord) : [];
}

const isRequiredRule = (r: FormRule) => r.required === true || r.required === 'true' || r.required === 1 || r.required === '1';

export function requiredMessageOf(control: FormControl): string {
  const rule = rulesOf(control).find(isRequiredRule);
  return typeof rule?.message === 'string' ? rule.message : '';
}

/**
 * 必填 lives in options.required; its message in a required rule, which the runtime reads. A
 * required rule left behind would keep the field required, so switching off removes them all.
 */
export function withRequired(control: FormControl, required: boolean, message: string): FormControl {
  const others = rulesOf(control).filter((r) => !isRequiredRule(r));
  const text = message.trim();
  const rules = required && text !== '' ? [{ required: true, message: text }, ...others] : others;
  return { ...withOption(control, 'required', required), rules };
}

export interface PatternRule {
  pattern: string;
  message: string;
}

/** Pattern rules of the design, without the ones the runtime's built-in check replaces. */
export function patternRulesOf(control: FormControl, superseded: readonly string[]): PatternRule[] {
  const out: PatternRule[] = [];
  for (const rule of rulesOf(control)) {
    if (typeof rule.pattern !== 'string' || superseded.includes(rule.pattern)) continue;
    out.push({ pattern: rule.pattern, message: typeof rule.message === 'string' ? rule.message : '' });
  }
  // The palette's single options.pattern is shown (and edited) as a rule of its own.
  const own = optionsOf(control).pattern;
  if (typeof own === 'string' && own.trim() !== '' && !superseded.includes(own) && !out.some((r) => r.pattern === own)) {
    out.push({ pattern: own, message: '' });
  }
  return out;
}

/**
 * Replaces the pattern rules: they are kept in `rules` with their messages; options.pattern is
 * folded into them (cleared) unless it is a superseded palette default, which stays as it was.
 */
export function withPatternRules(control: FormControl, superseded: readonly string[], rules: readonly PatternRule[]): FormControl {
  const kept = rulesOf(control).filter((r) => typeof r.pattern !== 'string' || superseded.includes(r.pattern));
  const own = optionsOf(control).pattern;
  const next = typeof own === 'string' && own !== '' && !superseded.includes(own) ? withOption(control, 'pattern', '') : control;
  return {
    ...next,
    rules: [...kept, ...rules.map((r) => (r.message.trim() ? { pattern: r.pattern, message: r.message } : { pattern: r.pattern }))],
  };
}

/** A flag as a boolean, whatever shape the design saved it in. */
export function flagOf(value: unknown): boolean {
  return value === true || value === 'true' || value === 1 || value === '1';
}

export function textOf(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return '';
}

export function numberOf(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && value.trim() !== '') {
    const n = Number(value);
    return Number.isFinite(n) ? n : null;
  }
  return null;
}
