import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/schema.ts';
import { findInstalledApp, installPackageFile, PackageRefused } from '../../modules/apppackage/index.ts';
import { buildTransportPackage, TRANSPORT_APP, TRANSPORT_FORMS } from './package.ts';
import { parkDay } from './waybills.ts';
import { placeOnParkWorkbench } from '../workbench.ts';
import { upgradeShippedApp } from '../upgrade.ts';
import { ensureTransportRoles, seedReviewer, seedTransportPeople } from './people.ts';

/*
 * The demo ships 危化品运输 installed (issue 41): through 应用管理's own install, once, when the
 * application is not installed yet — a park that uninstalled it is not given it back (the seed key
 * stays). Then a few rows so its lists and the gate have something to show; certificate dates are
 * relative to the day of the install, so the demo has one expired and one expiring soon.
 */

const SEED_KEY = 'app-hazmat-transport-v1';
type Rows = Kysely<Record<string, Record<string, unknown>>>;

const dayFrom = (days: number) => parkDay(Date.now() + days * 86_400_000);

export async function installTransportApp(ctx: AppContext, logger?: Logger): Promise<void> {
  await installOnce(ctx, logger);
  // A demo that has an older version gets this one (its data kept), as an administrator's import would.
  await upgradeShippedApp(ctx, { zip: buildTransportPackage(), code: TRANSPORT_APP.code, version: TRANSPORT_APP.version }, logger);
  // Its own seed key: an installation that had the application before its people gets them too.
  await seedTransportPeople(ctx.db);
  await seedReviewer(ctx.db);
}

async function installOnce(ctx: AppContext, logger?: Logger): Promise<void> {
  const db = ctx.db;
  if (await db.selectFrom('sys_seed_applied').select('key').where('key', '=', SEED_KEY).executeTakeFirst()) return;
  const admin = await db.selectFrom('sys_user').select('id').where('username', '=', 'admin').executeTakeFirst();
  if (!admin) return;
  if (!(await findInstalledApp(db, TRANSPORT_APP.code))) {
    await ensureTransportRoles(db); // the flow names 收货企业审核人 by code
    try {
      await installPackageFile(ctx, buildTransportPackage(), String(admin.id));
    } catch (err) {
      // Another instance starting at the same moment installed it first: its install is the one.
      if (!(err instanceof PackageRefused && (await findInstalledApp(db, TRANSPORT_APP.code)))) throw err;
      return;
    }
    await demoRows(db, String(admin.id));
    await placeOnParkWorkbench(ctx, TRANSPORT_APP.code);
    logger?.info({ app: TRANSPORT_APP.code }, 'demo application installed');
  }
  await db.insertInto('sys_seed_applied').values({ key: SEED_KEY }).onConflict((oc) => oc.column('key').doNothing()).execute();
}

async function demoRows(db: Kysely<Database>, adminId: string): Promise<void> {
  const app = await findInstalledApp(db, TRANSPORT_APP.code);
  if (!app) return;
  const rows = db as unknown as Rows;
  const insert = async (code: string, values: Record<string, unknown>): Promise<string> => {
    const r = await rows.insertInto(`form_${app.formIds.get(code)}`).values({ ...values, create_by: adminId, update_by: adminId }).returning('id').executeTakeFirstOrThrow();
    return String(r.id);
  };
  for (const [goods_name, un_no, hazard_class, cas_no] of [
    ['甲醇', '1230', '易燃液体', '67-56-1'],
    ['硫酸', '1830', '腐蚀性物质', '7664-93-9'],
    ['液氯', '1017', '气体', '7782-50-5'],
    ['液化石油气', '1075', '气体', '68476-85-7'],
  ]) await insert(TRANSPORT_FORMS.goods, { goods_name, un_no, hazard_class, cas_no });
  await insert(TRANSPORT_FORMS.sender, { sender_name: '合肥化工原料有限公司', credit_code: '91340100MA2N000001', contact: '周明', phone: '13900000001', address: '合肥市化工大道8号' });
  const fleet = await insert(TRANSPORT_FORMS.fleet, { fleet_name: '安运危货运输车队', permit_no: '皖交运管许可合字340100000001号', contact: '陈队长', phone: '13900000002' });
  const fleetRef = { fleet, fleet_label: '安运危货运输车队' };
  await insert(TRANSPORT_FORMS.vehicle, { plate_no: '皖A30001', ...fleetRef, vehicle_kind: '罐式货车', rated_load: '30', transport_cert_no: '皖交运字340100300001号', transport_cert_until: dayFrom(365) });
  await insert(TRANSPORT_FORMS.vehicle, { plate_no: '皖A30002', ...fleetRef, vehicle_kind: '罐式货车', rated_load: '25', transport_cert_no: '皖交运字340100300002号', transport_cert_until: dayFrom(20) });
  await insert(TRANSPORT_FORMS.driver, { person_name: '王建国', phone: '13900000011', ...fleetRef, qual_cert_no: 'JSY3401000011', qual_cert_until: dayFrom(730) });
  await insert(TRANSPORT_FORMS.driver, { person_name: '李强', phone: '13900000012', ...fleetRef, qual_cert_no: 'JSY3401000012', qual_cert_until: dayFrom(-30) });
  await insert(TRANSPORT_FORMS.escort, { person_name: '赵敏', phone: '13900000021', ...fleetRef, qual_cert_no: 'YYY3401000021', qual_cert_until: dayFrom(365) });
}
