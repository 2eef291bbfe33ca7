import type { ControlWidget, DisplayProps, EditorProps } from '../types.ts';
import { rowsText } from '../common/text.ts';

/*
 * The panel itself belongs to the form renderer (form/subtable/SubTablePanel.tsx), which hands it
 * in as ctx.renderSubTable, as it hands grids their columns through ctx.renderControls: controls
 * sit below the form and never import it.
 */
function SubTableEditor({ control, ctx }: EditorProps) {
  return <>{ctx.renderSubTable?.(control) ?? null}</>;
}

function SubTableDisplay({ control, ctx }: DisplayProps) {
  return <>{ctx.renderSubTable?.(control) ?? null}</>;
}

/** table and flow_table: the sub-table panel, drawn as a tab of its own below the form. */
export function subTableWidget(): ControlWidget {
  return { frame: 'subTable', Editor: SubTableEditor, Display: SubTableDisplay, text: rowsText };
}
