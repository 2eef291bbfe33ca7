import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readPackageFile } from '../modules/apppackage/index.ts';
import { appSourceDir, buildAppPackage } from './build.ts';

/*
 * The one builder of application sources (ADR 0063): every part kind's folder is read, app.json's
 * order where it lists one, otherwise the folder's files sorted; a file the order leaves out, or
 * one whose code is not its name, stops the build instead of shipping without it.
 */

const dirs: string[] = [];
function copyOf(app: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `app-src-${app}-`));
  fs.cpSync(appSourceDir(app), dir, { recursive: true });
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

describe('buildAppPackage', () => {
  it('packs every kind’s folder: app.json’s order for forms, the others sorted by name', () => {
    const pkg = readPackageFile(buildAppPackage(appSourceDir('inspection')).zip);
    expect(pkg.forms.map((f) => f.code)).toEqual(['xj_route', 'xj_point', 'xj_plan', 'xj_record', 'xj_missed', 'xj_hazard']);
    expect(pkg.datasets.map((d) => d.code)).toEqual(['xj_hazards', 'xj_missed_points', 'xj_records']);
    expect([pkg.reports.map((r) => r.code), pkg.microapps.map((m) => m.code), pkg.flows.map((f) => f.form)]).toEqual([['xj_dashboard'], ['xj_micro'], ['xj_hazard']]);
    const transport = readPackageFile(buildAppPackage(appSourceDir('transport')).zip);
    expect(transport.forms.map((f) => f.code)).toEqual(['tp_driver', 'tp_escort', 'tp_fleet', 'tp_goods', 'tp_sender', 'tp_vehicle', 'tp_waybill']);
    expect(transport.manifest.app).toMatchObject({ code: 'hazmat_transport', version: '1.1.0' });
  });

  it('refuses to build when a form is missing from app.json’s order', () => {
    const dir = copyOf('inspection');
    fs.copyFileSync(path.join(dir, 'forms', 'xj_route.json'), path.join(dir, 'forms', 'xj_extra.json'));
    expect(() => buildAppPackage(dir)).toThrow('forms/ 中的 xj_extra 未列入 app.json 的 order.forms');
  });

  it('refuses to build when a file’s name is not its part’s code', () => {
    const dir = copyOf('transport');
    fs.renameSync(path.join(dir, 'datasets', 'tp_waybills.json'), path.join(dir, 'datasets', 'tp_renamed.json'));
    expect(() => buildAppPackage(dir)).toThrow('datasets/tp_renamed.json 的编码是「tp_waybills」');
  });
});
