import type pg from 'pg';

/**
 * Makes sure a company with this id exists (sys_user.company_id references sys_company), for
 * tests that arrange company users directly in SQL.
 */
export async function ensureCompany(sql: pg.Pool, id: number, name = `测试企业${id}`, status = '1'): Promise<void> {
  await sql.query(
    `insert into sys_company (id, company_name, company_code, status) overriding system value
     values ($1, $2, $3, $4) on conflict (id) do nothing`,
    [id, name, `TEST-${id}`, status],
  );
}
