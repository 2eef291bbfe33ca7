import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/testApp.ts';
import { installPackageFile } from '../modules/apppackage/index.ts';
import { editEntries, repack } from '../modules/apppackage/testSupport.ts';
import { appSourceDir, buildAppPackage } from './build.ts';
import { seedInspectionDemo } from './inspection/demo.ts';
import { INSPECTION_APP } from '../modules/inspection/index.ts';
import { buildTransportPackage, TRANSPORT_APP, TRANSPORT_FORMS } from './transport/package.ts';
import { installTransportApp } from './transport/seed.ts';
import { ensureTransportRoles } from './transport/people.ts';

/*
 * The demo's upgrade path (ADR 0068): an installation holding 1.0.0 of a shipped application (the
 * version before packages carried form groups) is upgraded to the source's version at start through
 * 应用管理's import — its records kept, its forms now in the application's 表单管理 group — and once.
 */

let t: TestApp;
let adminId: string;
const version = (code: string) => t.sql.query(`select version from app_package where code = $1`, [code]).then((r) => r.rows[0]?.version as string | undefined);
const groupsOf = (code: string) =>
  t.sql.query(`select distinct coalesce(g.group_name, '未分组') as g from app_package_part p join app_package a on a.id = p.package_id join form_conf f on f.id = p.local_id left join form_group g on g.id = f.group_id where a.code = $1 and p.kind = 'form'`, [code]).then((r) => r.rows.map((x) => x.g));

/** The package as 1.0.0 shipped it: that version, no form groups. */
const asFirstRelease = (zip: Buffer) =>
  repack(zip, (files) => {
    const m = JSON.parse(files.get('manifest.json')!) as { app: { version: string } };
    m.app.version = '1.0.0';
    files.set('manifest.json', JSON.stringify(m));
    editEntries('forms/', (f) => {
      delete f.group;
    })(files);
  });

beforeAll(async () => {
  t = await createTestApp();
  await t.login();
  adminId = String((await t.sql.query(`select id from sys_user where username = 'admin'`)).rows[0].id);
});
afterAll(() => t?.close());

describe('a demo holding the first release', () => {
  it('危化品运输 1.0.0 is upgraded at start, its rows kept, its forms in 危化品运输; once', async () => {
    await ensureTransportRoles(t.booted.ctx.db); // the demo had them since 1.0.0 (people.ts)
    await installPackageFile(t.booted.ctx, asFirstRelease(buildTransportPackage()), adminId);
    const vehicle = String((await t.sql.query(`select p.local_id from app_package_part p join app_package a on a.id = p.package_id where a.code = $1 and p.kind = 'form' and p.code = $2`, [TRANSPORT_APP.code, TRANSPORT_FORMS.vehicle])).rows[0].local_id);
    await t.sql.query(`insert into form_${vehicle} (plate_no) values ('皖A39001')`);
    expect(await groupsOf(TRANSPORT_APP.code)).toEqual(['未分组']);
    await installTransportApp(t.booted.ctx);
    expect(await version(TRANSPORT_APP.code)).toBe(TRANSPORT_APP.version);
    expect(await groupsOf(TRANSPORT_APP.code)).toEqual(['危化品运输']);
    expect((await t.sql.query(`select plate_no from form_${vehicle}`)).rows).toEqual([{ plate_no: '皖A39001' }]);
    await installTransportApp(t.booted.ctx); // the same version: nothing to do
    expect(await version(TRANSPORT_APP.code)).toBe(TRANSPORT_APP.version);
  });

  it('巡检 too, on its demo’s next start', async () => {
    await installPackageFile(t.booted.ctx, asFirstRelease(buildAppPackage(appSourceDir('inspection')).zip), adminId);
    const point = String((await t.sql.query(`select p.local_id from app_package_part p join app_package a on a.id = p.package_id where a.code = $1 and p.kind = 'form' and p.code = 'xj_point'`, [INSPECTION_APP.code])).rows[0].local_id);
    await t.sql.query(`insert into form_${point} (point_code, point_name) values ('CP-99', '老版本的巡检点')`);
    // The start that seeds the demo, and the next one: whichever finds 1.0.0 upgrades it.
    await seedInspectionDemo(t.booted.ctx);
    await seedInspectionDemo(t.booted.ctx);
    expect(await version(INSPECTION_APP.code)).toBe('1.1.0');
    expect(await groupsOf(INSPECTION_APP.code)).toEqual(['巡检']);
    expect((await t.sql.query(`select point_name from form_${point} where point_code = 'CP-99'`)).rows).toEqual([{ point_name: '老版本的巡检点' }]);
  });
});
