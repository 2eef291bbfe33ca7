/**
 * Every control widget that needs no server, rendered in a DOM: display text, value in and
 * value out (each type's case is in its family's controls/<family>/cases.tsx, collected by apps/web/test/widgetCases.tsx).
 */
import { runWidgetCases } from '../../test/widgetCases.tsx';

runWidgetCases('control widgets in a DOM: display text, value in, value out', (c) => c.http === undefined);
