/**
 * Every control widget that needs no server, rendered in a DOM: display text, value in and
 * value out (the case table is apps/web/test/widgetCases.tsx, exhaustive over ControlType).
 */
import { runWidgetCases } from '../../test/widgetCases.tsx';

runWidgetCases('control widgets in a DOM: display text, value in, value out', (c) => c.http === undefined);
