/**
 * Every control widget that needs no server, rendered in a DOM: display text, value in and
 * value out (each type's case is controls/<type>/widgetCase.tsx, collected by apps/web/test/widgetCases.tsx).
 */
import { runWidgetCases } from '../../test/widgetCases.tsx';

runWidgetCases('control widgets in a DOM: display text, value in, value out', (c) => c.http === undefined);
