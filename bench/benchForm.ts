import type pg from 'pg';

/** A 20-column form: text, numbers, choices and dates, as a park inspection record might have. */
export const BENCH_CONTROLS = [
  { type: 'input', model: 'f_name', name: '名称' },
  { type: 'datetime', model: 'f_time', name: '检查时间' },
  { type: 'select', model: 'f_level', name: '级别', options: { options: [{ value: '1', label: '一级' }, { value: '2', label: '二级' }] } },
  ...Array.from({ length: 8 }, (_, i) => ({ type: 'input', model: `f_text${i}`, name: `文本${i}` })),
  ...Array.from({ length: 5 }, (_, i) => ({ type: 'number', model: `f_num${i}`, name: `数值${i}` })),
  ...Array.from({ length: 3 }, (_, i) => ({ type: 'date', model: `f_date${i}`, name: `日期${i}` })),
  { type: 'textarea', model: 'f_note', name: '备注' },
].map((c, i) => ({ key: `k${i}`, options: {}, ...c }));

/**
 * The record benches' form (bench/forms.ts, bench/readPathCpu.ts) with `rows` records, made once
 * per data directory: found by its name when a run reuses the directory, created and filled
 * through the API and one INSERT … SELECT otherwise.
 */
export async function ensureBenchForm(
  base: string,
  headers: Record<string, string>,
  pool: pg.Pool,
  rows: number,
): Promise<{ formId: number; table: string; found: boolean; fillMs: number }> {
  const post = async (url: string, body: unknown) => {
    const r = await fetch(`${base}${url}`, { method: 'POST', headers, body: JSON.stringify(body) });
    const j = (await r.json()) as Record<string, unknown>;
    if (j.errCode !== 0) throw new Error(`${url}: ${JSON.stringify(j)}`);
    return j;
  };
  const list = BENCH_CONTROLS;
  const formName = `基准表单-${rows}`;
  const forms = (await (await fetch(`${base}/api/form/formconf/query?pageNum=1&pageSize=200`, { headers })).json()) as {
    datas?: Array<{ formId: number; formName: string }>;
  };
  const found = forms.datas?.find((f) => f.formName === formName)?.formId;
  const formId = found ?? ((await post('/api/form/formconf/save', { formName })) as { formId: number }).formId;
  const table = `form_${formId}`;

  const fill0 = performance.now();
  if (!found) {
    await post('/api/form/saveformdesign', { formId, formMeta: { list, config: {} } });
    await pool.query(`
    insert into "${table}" (create_by, create_time, f_name, f_time, f_level, ${list.slice(3).map((c) => c.model).join(', ')})
    select 1, now() - g * interval '1 minute',
      case when g % 10 = 0 then '储罐巡检' || g else '管线检查' || g end,
      to_char(timestamp '2026-01-01' + g * interval '30 second', 'YYYY-MM-DD HH24:MI:SS'),
      (1 + g % 2)::text,
      ${list.slice(3, 11).map((_, i) => `'文本${i}-' || g`).join(', ')},
      ${list.slice(11, 16).map((_, i) => `(g % 1000) + ${i}`).join(', ')},
      ${list.slice(16, 19).map((_, i) => `to_char(date '2026-01-01' + (g % 365) + ${i}, 'YYYY-MM-DD')`).join(', ')},
      '备注' || g
    from generate_series(1, ${rows}) g`);
  }
  // Vacuumed and checkpointed before timing: otherwise autovacuum of the fresh rows and the
  // checkpoint of their WAL run during whichever phase comes first and charge it to that side.
  await pool.query(`vacuum analyze "${table}"`);
  await pool.query('checkpoint');
  return { formId: Number(formId), table, found: found !== undefined, fillMs: performance.now() - fill0 };
}
