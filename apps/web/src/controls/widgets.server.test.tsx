/**
 * Every control widget that reads from or writes to the server (pickers, region, uploads,
 * signature, sub-tables), rendered in a DOM with the network under lib/http.ts stubbed: display
 * text, value in and value out from the case table (apps/web/test/widgetCases.tsx).
 */
import { runWidgetCases } from '../../test/widgetCases.tsx';

runWidgetCases(
  'server-backed control widgets in a DOM: display text, value in, value out',
  (c) => c.http !== undefined,
);
