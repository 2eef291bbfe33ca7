import type { ControlWidget, DisplayProps, EditorProps } from '../../controls/types.ts';
import { rowsText } from '../../controls/shared/text.ts';
import { SubTablePanel } from './SubTablePanel.tsx';

function SubTableEditor({ control, ctx }: EditorProps) {
  return <SubTablePanel control={control} ctx={ctx} />;
}

function SubTableDisplay({ control, ctx }: DisplayProps) {
  return <SubTablePanel control={control} ctx={ctx} />;
}

/** table and flow_table: the sub-table panel, drawn as a tab of its own below the form. */
export function subTableWidget(): ControlWidget {
  return { frame: 'subTable', Editor: SubTableEditor, Display: SubTableDisplay, text: rowsText };
}
