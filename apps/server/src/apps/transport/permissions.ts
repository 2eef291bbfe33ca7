import { SPECIAL_PAGES } from '@park/core';

/** The 门岗运单 special page's permission (core's SPECIAL_PAGES names it; the menu grants it). */
export const TRANSPORT_GATE_PERMISSION = SPECIAL_PAGES.GateWaybills!.perms;
