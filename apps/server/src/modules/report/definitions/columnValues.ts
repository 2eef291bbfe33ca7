import type { AuthContext } from '../../auth/index.ts';
import { badRequest } from '../../../plugins/errors.ts';
import type { DataScope } from '@park/core';
import type { ReportServices } from '../service.ts';

type Item = Record<string, unknown>;

export const COLUMN_VALUES_LIMIT = 200;

/**
 * The distinct values of one dataset column, for a query widget's drop-down (the catalogue's
 * querycolumndata). Run through the engine as a one-dimension count, so the caller's data scope,
 * the limiter, the statement timeout and the cache apply as for any widget.
 */
/** `grant`: the data scope the caller reads with (a report's grant for its readers, the designer's scope for a bare dataset). */
export async function columnValues(s: ReportServices, auth: AuthContext, grant: DataScope, dataset: string, column: Item): Promise<string[]> {
  if (!/^\d{1,18}$/.test(dataset)) throw badRequest('请选择数据集');
  const ref = { id: column.id, table: column.table, column: column.column, dateDim: column.dateDim };
  const widget = {
    id: 0,
    querySize: COLUMN_VALUES_LIMIT,
    data: { dataset, smallType: 'column', classAxis: [{ ...ref, alias: '__value' }], valueAxis: [{ ...ref, aggregate: 'count', alias: '__count' }] },
  };
  const out = await s.engine.run(auth, grant, widget, {});
  return out.datas.map((r) => r.__value).filter((v) => v !== null && v !== undefined && v !== '').map(String);
}
