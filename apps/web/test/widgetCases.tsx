/**
 * The component-test table of every control widget (issue 7 "a component test for every control
 * widget: value in, value out, and display text"), run in a DOM by the web-dom vitest project:
 *  - display text: the Display, as the detail view draws it, given a stored value;
 *  - value in: the Editor shows that value;
 *  - value out: the user's action for that type (typing, choosing, toggling, picking in a
 *    dialog, uploading) calls onChange with a value that stores as expected.
 * The value reaches the widget as the form does it, through core's codec from stored columns,
 * and what the widget gives back is stored again through the codec. Each type's case lives in its
 * family folder (`controls/<family>/cases.tsx`, helpers in ./widgetKit.tsx) and is collected here; a
 * type without one does not compile. Server-backed widgets read from a stub of the
 * network under lib/http.ts (./http.ts); e2e/specs/form-runtime.spec.ts runs them against the
 * real server.
 */
import { describe, expect, it } from 'vitest';
import { waitFor } from '@testing-library/react';
import { CONTROL_TYPES, definitionOf, type ControlType } from '@park/core';
import { stubHttp } from './http.ts';
import { controlOf, renderDisplay, renderEditor, visibleText } from './render.tsx';
import { lastValue, type WidgetCase } from './widgetKit.tsx';
import { TEXT_CASES } from '../src/controls/text/cases.tsx';
import { LAYOUT_CASES } from '../src/controls/layout/cases.tsx';
import { NUMBER_CASES } from '../src/controls/number/cases.tsx';
import { CHOICE_CASES } from '../src/controls/choice/cases.tsx';
import { DATE_CASES } from '../src/controls/date/cases.tsx';
import { PLACE_CASES } from '../src/controls/place/cases.tsx';
import { UPLOAD_CASES } from '../src/controls/upload/cases.tsx';
import { PICKER_CASES } from '../src/controls/picker/cases.tsx';
import { SUB_TABLE_CASES } from '../src/controls/subTable/cases.tsx';

export { clickButton, dialog, editorInput, type WidgetCase } from './widgetKit.tsx';

/**
 * One case per control type, from its family's cases.tsx. Typed over ControlType, so a type
 * without a case does not compile; the run still checks it (a case table read at run time).
 */
export const CASES: Readonly<Record<ControlType, WidgetCase>> = {
  ...TEXT_CASES,
  ...LAYOUT_CASES,
  ...NUMBER_CASES,
  ...CHOICE_CASES,
  ...DATE_CASES,
  ...PLACE_CASES,
  ...UPLOAD_CASES,
  ...PICKER_CASES,
  ...SUB_TABLE_CASES,
};

function missingCases(): string[] {
  return CONTROL_TYPES.filter((type) => !Object.hasOwn(CASES, type)).map((type) => `a case for ${type} in its family's cases.tsx`);
}

// ---------------------------------------------------------------------------------------------

function setUp(type: ControlType, c: WidgetCase) {
  const control = controlOf(type, c.control);
  const definition = definitionOf(control);
  if (!definition) throw new Error(`core has no definition for ${type}`);
  const value = definition.codec.fromStored(c.stored, control);
  return { control, definition, value };
}

/**
 * Display text, value in and value out for the cases `which` picks. The test files split the
 * table in two (local widgets, server-backed ones) so the two halves run in parallel.
 */
export function runWidgetCases(title: string, which: (c: WidgetCase) => boolean): void {
  describe(title, () => {
    it('has a case for every control type', () => expect(missingCases()).toEqual([]));
    for (const [type, c] of Object.entries(CASES) as Array<[ControlType, WidgetCase]>) {
      if (!which(c)) continue;
      describe(type, () => {
        it('display text', async () => {
          stubHttp(c.http ?? {});
          const { control, value } = setUp(type, c);
          const { container } = renderDisplay(control, value, c.ctx);
          if (typeof c.display === 'string') expect(visibleText(container)).toBe(c.display);
          else await c.display(container);
        });

        it('value in', async () => {
          stubHttp(c.http ?? {});
          const { control, value } = setUp(type, c);
          const view = renderEditor(control, value, c.ctx);
          await c.shown(view);
          expect(view.onChange).not.toHaveBeenCalled();
        });

        const out = c.out;
        // A type that takes no input says why in its case; there is nothing to act on.
        if ('none' in out) return;
        it('value out', async () => {
          const http = stubHttp(c.http ?? {});
          const { control, definition, value } = setUp(type, c);
          const view = renderEditor(control, value, c.ctx);
          await out.act(view, http);
          if ('stored' in out) {
            await waitFor(() => expect(view.onChange).toHaveBeenCalled());
            expect(definition.codec.toStored(lastValue(view), control)).toMatchObject(out.stored);
          } else {
            await waitFor(() => out.check(view, http));
          }
        });
      });
    }
  });
}
