import type { AuthContext } from '../../auth/sessions.ts';
import { badRequest } from '../../../plugins/errors.ts';
import { designScope } from '../permissions.ts';
import type { ReportServices } from '../service.ts';

type Item = Record<string, unknown>;

export const COLUMN_VALUES_LIMIT = 200;

/**
 * The distinct values of one dataset column, for a query widget's drop-down (the catalogue's
 * querycolumndata). Run through the engine as a one-dimension count, so the caller's data scope,
 * the limiter, the statement timeout and the cache apply as for any widget.
 */
export async function columnValues(s: ReportServices, auth: AuthContext, dataset: string, column: Item): Promise<string[]> {
  if (!/^\d{1,18}$/.test(dataset)) throw badRequest('请选择数据集');
  const ref = { id: column.id, table: column.table, column: column.column, dateDim: column.dateDim };
  const widget = {
    id: 0,
    querySize: COLUMN_VALUES_LIMIT,
    data: { dataset, smallType: 'column', classAxis: [{ ...ref, alias: '__value' }], valueAxis: [{ ...ref, aggregate: 'count', alias: '__count' }] },
  };
  // No report is named here, so no report grant widens the rows: a designer reads with the
  // report:design scope, anyone else with their own view scope of the source form (or only their own rows).
  const out = await s.engine.run(auth, designScope(auth), widget, {});
  return out.datas.map((r) => r.__value).filter((v) => v !== null && v !== undefined && v !== '').map(String);
}
