import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PackagedFlow, PackagedForm, PackagedFormSet } from '@park/core';
import { packParts } from '../../modules/apppackage/index.ts';

/*
 * 危化品运输 (issue 41, ADR 0059) as its package source: one JSON file per part in the package
 * format (forms/*.json, flows/*.json, formsets/*.json: the certificates' 数据提醒), as 应用管理's 导出 would write them, kept here so the
 * application is reviewable and changes as text. This builder only zips them with the manifest and
 * checksums of the same packParts that 导出 uses; the install is the real import's.
 */

export const TRANSPORT_APP = {
  code: 'hazmat_transport',
  name: '危化品运输',
  version: '1.0.0',
  description: '托运方、车队、车辆、驾驶员、押运员与电子运单；证照过期的运单不能提交，运单经收货企业审批后车辆方可入园。',
} as const;

/** The form codes the application's own code (gate check, seed, dashboard) finds its forms by. */
export const TRANSPORT_FORMS = {
  goods: 'tp_goods',
  sender: 'tp_sender',
  fleet: 'tp_fleet',
  vehicle: 'tp_vehicle',
  driver: 'tp_driver',
  escort: 'tp_escort',
  waybill: 'tp_waybill',
} as const;

const HERE = path.dirname(fileURLToPath(import.meta.url));
/** A fixed time: the same source gives the same zip, byte for byte. */
const BUILT_AT = '2026-12-04T00:00:00.000Z';

function readParts<T>(folder: string): T[] {
  const dir = path.join(HERE, folder);
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')) as T);
}

export function buildTransportPackage(): Buffer {
  const forms = readParts<PackagedForm>('forms');
  const flows = readParts<PackagedFlow>('flows');
  const formsets = readParts<PackagedFormSet>('formsets');
  return packParts({ ...TRANSPORT_APP }, { forms, dictionaries: [], flows, formsets }, [], new Date(BUILT_AT)).zip;
}
