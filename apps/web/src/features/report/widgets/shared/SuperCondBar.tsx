import { superCondsOf, superSelection, type Json, type ReportWidget } from '@park/core';
import { useRuntime } from '../../viewer/runtime.tsx';

/** The origin's chip colours (Constants.json chartWidgetItem style.superConds). */
const CHIP = {
  selected: { fontSize: '12px', fontColor: '#FFFFFF', backgroundColor: '#0F38B3' },
  unselected: { fontSize: '12px', fontColor: '#FFFFFF', backgroundColor: '#E11414' },
};

function chipStyle(widget: ReportWidget, on: boolean) {
  const own = ((widget.style?.superConds ?? {}) as Json)[on ? 'selected' : 'unselected'] as Json | undefined;
  const s = { ...CHIP[on ? 'selected' : 'unselected'], ...(own ?? {}) };
  return { fontSize: String(s.fontSize), color: String(s.fontColor), background: String(s.backgroundColor) };
}

/**
 * 高级条件 above a widget: one chip per designed super condition, on (blue) or off (red). Conditions
 * are joined with AND, and chips usually name values of one column, so a click puts that chip on
 * alone; a click on a chip that is on takes it off, back to the defaults (the server's rule for none).
 */
export function SuperCondBar({ widget }: { widget: ReportWidget }) {
  const rt = useRuntime();
  const conds = superCondsOf(widget);
  if (conds.length === 0) return null;
  const on = superSelection(widget, rt.superChosen(widget.id));
  const toggle = (i: number) => rt.setSuperChosen(widget.id, on.includes(i) ? on.filter((x) => x !== i) : [i]);
  return (
    <div className="rw-supers" role="group" aria-label="高级条件">
      {conds.map((c, i) => (
        <button key={`${c.column}-${i}`} type="button" className="rw-super" aria-pressed={on.includes(i)} style={chipStyle(widget, on.includes(i))} onClick={() => toggle(i)}>
          {c.label || c.column}
        </button>
      ))}
    </div>
  );
}
