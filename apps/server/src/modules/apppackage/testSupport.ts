import { afterAll, expect } from 'vitest';
import { strToU8, zipSync } from 'fflate';
import { entriesDigestText } from '@park/core';
import { createTestApp, type TestApp } from '../../../test/testApp.ts';
import { multipart } from '../../../test/multipart.ts';
import { sha256 } from './refused.ts';
import { readZip } from './zip.ts';

/** What the application package tests share: export, upload, and a zip edited with its checksums made right. */

type Json = Record<string, unknown>;

export async function exportZip(t: TestApp, admin: string, body: Json): Promise<Buffer> {
  const res = await t.call(admin, 'POST', '/api/apppackage/export', body);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('application/zip');
  return res.rawPayload;
}

export function upload(t: TestApp, admin: string, kind: 'preview' | 'import', data: Buffer, filename = 'app.zip', tenantIds: string[] = []) {
  const body = multipart([...(tenantIds.length ? [{ name: 'tenantIds', data: tenantIds.join(',') }] : []), { name: 'file', filename, data, contentType: 'application/zip' }]);
  return t.app.inject({ method: 'POST', url: `/api/apppackage/${kind}`, headers: { cookie: admin, 'x-requested-with': 'XMLHttpRequest', 'content-type': body.contentType }, payload: body.payload });
}

/** The entries of a zip, changed by `edit`, written back with correct checksums unless `keepSums`. */
export function repack(zip: Buffer, edit: (files: Map<string, string>) => void, keepSums = false): Buffer {
  const read = readZip(zip);
  if (!read.ok) throw new Error(read.reasons.join());
  const files = read.files;
  edit(files);
  if (!keepSums) {
    const manifest = JSON.parse(files.get('manifest.json')!);
    manifest.entries = [...files.keys()].filter((n) => n !== 'manifest.json').map((path) => ({ path, sha256: sha256(files.get(path)!) }));
    manifest.sha256 = sha256(entriesDigestText(manifest.entries));
    files.set('manifest.json', JSON.stringify(manifest));
  }
  return Buffer.from(zipSync(Object.fromEntries([...files].map(([k, v]) => [k, strToU8(v)]))));
}

/** The entries of a package zip by name, parsed. */
export function entriesOf(zip: Buffer): Map<string, Json> {
  const read = readZip(zip);
  if (!read.ok) throw new Error(read.reasons.join());
  return new Map([...read.files].map(([k, v]) => [k, JSON.parse(v) as Json]));
}

/** An edit for `repack`: `edit` applied to every entry under `prefix` (e.g. `formsets/`), parsed and written back. */
export const editEntries = (prefix: string, edit: (entry: Json) => void) => (files: Map<string, string>) => {
  for (const [name, text] of files) {
    if (!name.startsWith(prefix)) continue;
    const entry = JSON.parse(text) as Json;
    edit(entry);
    files.set(name, JSON.stringify(entry));
  }
};

export interface Installation {
  t: TestApp;
  admin: string;
}

/**
 * A spare, empty installation beside a test file's source and target, made on first use (the
 * refusals and 卸载 need one that does not hold the application) and closed after the file's tests.
 */
export function spareInstallation(): () => Promise<Installation> {
  let made: Promise<Installation> | null = null;
  afterAll(async () => {
    if (made) await (await made).t.close();
  });
  return () => (made ??= createTestApp().then(async (t) => ({ t, admin: await t.login() })));
}

/** Imports `zip` into `into`: refused (4xx) with `reason` in its message, and nothing written — `fingerprint` reads the same before and after. */
export async function expectRefusedWhole(into: Installation, zip: Buffer, reason: string, fingerprint: (t: TestApp) => Promise<string>): Promise<void> {
  const before = await fingerprint(into.t);
  const res = await upload(into.t, into.admin, 'import', zip);
  expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
  expect(res.json().errMsg, res.body).toContain(reason);
  expect(await fingerprint(into.t)).toBe(before);
}
