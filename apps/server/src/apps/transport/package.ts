import { appSourceDir, buildAppPackage, readAppSource } from '../build.ts';

/*
 * 危化品运输 (issue 41, ADR 0059) as its package source: app.json and one JSON file per part in
 * the package format (forms/, flows/, datasets/, reports/, microapps/ …), built by the one builder
 * of apps/build.ts. What stays here is what the application's own code (gate check, seed) finds
 * its parts by.
 */

const SOURCE = appSourceDir('transport');
const source = readAppSource(SOURCE);

/** The application as app.json names it (the code 应用管理 knows it by). */
export const TRANSPORT_APP = { code: source.code, name: source.name, version: source.version, description: source.description } as const;

/** The form codes the application's own code (gate check, seed) finds its forms by. */
export const TRANSPORT_FORMS = {
  goods: 'tp_goods',
  sender: 'tp_sender',
  fleet: 'tp_fleet',
  vehicle: 'tp_vehicle',
  driver: 'tp_driver',
  escort: 'tp_escort',
  waybill: 'tp_waybill',
} as const;

export function buildTransportPackage(): Buffer {
  return buildAppPackage(SOURCE).zip;
}
