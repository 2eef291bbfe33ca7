import type { ControlType } from '@park/core';
import type { MobileControl, MobileDisplayProps, MobileEditorProps } from '../types.ts';

/** A sub-table is drawn by the form page as stacked cards (form/SubTableCards.tsx), handed in through the context. */
function SubTable({ control, ctx }: MobileEditorProps | MobileDisplayProps) {
  return <>{ctx.renderSubTable?.(control) ?? null}</>;
}

const subTableWidget = (): MobileControl => ({ frame: 'subTable', Editor: SubTable, Display: SubTable });

/** Sub-tables on the phone: stacked cards with add and remove. */
export const SUB_TABLE_CONTROLS = {
  table: subTableWidget(),
  flow_table: subTableWidget(),
} satisfies Partial<Record<ControlType, MobileControl>>;
