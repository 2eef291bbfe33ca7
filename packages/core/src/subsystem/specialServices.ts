/*
 * 专项服务 (screens-round3 §5.5, issue 40): a menu group whose pages are registered special pages
 * (the waybill and inspection apps of the next issue). This typed map is the registry: the web maps
 * each component to its page (app/pageRegistry.ts), the micro-app functions (modules/micro) list
 * them as functions of type 2, and a seed step puts them under the 专项服务 group.
 */

export interface SpecialPage {
  /** The menu's and the function's name. */
  name: string;
  /** The route path under /specialServices. */
  path: `/specialServices/${string}`;
  iconName?: string;
  /** The permission code the menu grants. */
  perms: string;
  /** Where the micro-app function shows: 0 全部 (the default), 1 PC端, 2 移动端 (the original's filter). */
  showType?: 0 | 1 | 2;
}

/** Keyed by the page's component name (its pageRegistry key). */
export const SPECIAL_PAGES: Readonly<Record<string, SpecialPage>> = {
  // 危化品运输 (issue 41): the hazardous vehicles in the park with their waybills.
  GateWaybills: { name: '门岗运单', path: '/specialServices/gateWaybills', iconName: 'cheliangguanli', perms: 'transport:gate', showType: 1 },
  // 巡检 (issue 41): the checkpoints' codes of the installed application, to print and hang up.
  InspectionCodes: { name: '巡检点二维码', path: '/specialServices/inspectionCodes', iconName: 'erweima', perms: 'inspection:codes', showType: 1 },
};

/** The micro-app function type of a special page. */
export const SPECIAL_FUNCTION_TYPE = 2;

/** The menu group's own row. */
export const SPECIAL_SERVICES_MENU = { name: '专项服务', path: '/specialServices', iconName: 'yingyongguanli' } as const;
