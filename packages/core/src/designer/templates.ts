/**
 * The designer's palette, read from the control registry: each type's definition carries its group
 * and its template (form/controls/palette.ts), so a type is added in one place (form/registry.ts).
 */
import type { ControlTemplate, PaletteGroupKey } from '../form/controls/palette.ts';
import { CONTROL_DEFINITIONS, CONTROL_TYPES, type ControlType } from '../form/registry.ts';

export type { ControlTemplate, PaletteGroupKey } from '../form/controls/palette.ts';

const GROUP_TITLES: Record<PaletteGroupKey, string> = { basic: '基础控件', advance: '高级控件', layout: '布局控件' };

/** The palette's groups, each with its types in registry order. */
export const PALETTE_GROUPS: ReadonlyArray<{
  key: PaletteGroupKey;
  title: string;
  types: readonly ControlType[];
}> = (Object.keys(GROUP_TITLES) as PaletteGroupKey[]).map((key) => ({
  key,
  title: GROUP_TITLES[key],
  types: CONTROL_TYPES.filter((type) => CONTROL_DEFINITIONS[type].palette.group === key),
}));

/**
 * What each type starts as when dropped on the canvas: its palette row with its own key as `type`,
 * so a template cannot claim another type. Built once; `newControl` clones before handing one out.
 */
export const CONTROL_TEMPLATES: Readonly<Record<ControlType, ControlTemplate>> = templates();

function templates(): Record<ControlType, ControlTemplate> {
  const out = {} as Record<ControlType, ControlTemplate>;
  for (const type of CONTROL_TYPES) out[type] = { type, comment: '', ...CONTROL_DEFINITIONS[type].palette.row };
  return out;
}
