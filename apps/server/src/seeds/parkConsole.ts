import type { Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';

/**
 * 园区监管 (issue 24): the park console's screens, each a menu granting the codes its calls need
 * (park:view for every statistics call, park:alarm to dispose of alarms, park:command for the
 * door, white list and broadcast). Seeded by seed.ts's `menus-park-console` step, which then drops
 * the hidden 园区运营数据 menu issue 23 granted these codes with meanwhile.
 */
export const PARK_CONSOLE_MENUS = [
  {
    name: '园区监管',
    path: '/park',
    iconName: 'dateboard',
    roles: ['park_admin'],
    children: [
      { name: '园区总览', path: '/park/overview', component: 'ParkOverview', iconName: 'dateboard', perms: 'park:view', roles: ['park_admin'] },
      { name: '园区地图', path: '/park/map', component: 'ParkMap', iconName: 'diliweizhi', perms: 'park:view,park:alarm', roles: ['park_admin'] },
      { name: '报警处置', path: '/park/alarm', component: 'ParkAlarm', iconName: 'ranqixieloubaojingqi', perms: 'park:view,park:alarm', roles: ['park_admin'] },
      { name: '卡口管理', path: '/park/gate', component: 'ParkGate', iconName: 'cheliangguanli', perms: 'park:view,park:command', roles: ['park_admin'] },
      { name: '应急广播', path: '/park/broadcast', component: 'ParkBroadcast', iconName: 'laba-xianxing', perms: 'park:view,park:command', roles: ['park_admin'] },
      { name: '危化品车辆分析', path: '/park/hazmat', component: 'HazmatAnalysis', iconName: 'weixianhuaxuepinsheshi', perms: 'park:view', roles: ['park_admin'] },
      { name: '报警分析', path: '/park/alarmAnalysis', component: 'AlarmAnalysis', iconName: 'fenxi', perms: 'park:view', roles: ['park_admin'] },
    ],
  },
];

/** The console's menus now carry the park codes: the stand-in menu goes (its role links cascade). */
export async function dropParkDataMenu(trx: Transaction<Database>): Promise<void> {
  await trx.deleteFrom('sys_menu').where('path', '=', '/park/data').where('hidden', '=', true).execute();
}
