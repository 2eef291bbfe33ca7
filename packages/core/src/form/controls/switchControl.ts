import { flag, nameOf, optionsOf } from '../lib/values.ts';
import { badShape } from '../messages.ts';
import { cell, defineControl, modelColumn, single, type ControlDefinition } from './define.ts';

/** Stored '0' is on and '1' is off (spec 000 §3); an empty switch is off at run time and on save. */
export const SWITCH_ON = '0';
export const SWITCH_OFF = '1';

/** Reads true, 'true', '0' (stored on) as on; anything else is off. */
function isOn(value: unknown): boolean {
  return value === true || value === 'true' || value === SWITCH_ON;
}

export function switchControl(): ControlDefinition {
  return defineControl({
    family: 'switch',
    requiredVerb: 'choice',
    columns: (control) => modelColumn(control, 'text'),
    // A switch always has a value, so "required" is always met.
    isEmpty: () => false,
    codec: {
      toStored: (value, control) => single(control, isOn(value) ? SWITCH_ON : SWITCH_OFF),
      fromStored: (row, control) => cell(row, control.model ?? '') === SWITCH_ON,
    },
    check(value, control) {
      const ok = value === null || value === undefined || typeof value === 'boolean' || value === 'true' || value === 'false';
      return ok ? null : badShape(nameOf(control));
    },
    defaultValue: (control) => flag(optionsOf(control).defaultValue),
  });
}
