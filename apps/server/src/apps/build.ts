import fs from 'node:fs/promises';
import path from 'node:path';
import { dictEntry, flowEntry, formEntry, type AppManifest, type PackagedDictionary, type PackagedFlow, type PackagedForm } from '@park/core';
import { packParts } from '../modules/apppackage/index.ts';

/*
 * An application kept as source (issue 41): a folder with app.json and one JSON file per part in
 * the package format (forms/<code>.json, dictionaries/<typeCode>.json, flows/<form code>.json),
 * what 应用管理's 导出 would write. This builds the zip from it through the same packer as 导出
 * (manifest, checksums), with the release time of app.json, so one source always gives the same
 * file and a change to the application is a reviewable change to its JSON.
 */

interface AppSource {
  code: string;
  name: string;
  version: string;
  description: string;
  releasedAt: string;
  /** Part codes in install order; each names its file. */
  forms: string[];
  dictionaries: string[];
  flows: string[];
  /** Dictionaries the installation must already have. */
  dependencies: string[];
}

async function readJson<T>(file: string): Promise<T> {
  return JSON.parse(await fs.readFile(file, 'utf8')) as T;
}

export async function buildAppPackage(dir: string): Promise<{ fileName: string; zip: Buffer; manifest: AppManifest }> {
  const app = await readJson<AppSource>(path.join(dir, 'app.json'));
  const forms = await Promise.all(app.forms.map((code) => readJson<PackagedForm>(path.join(dir, formEntry(code)))));
  const dictionaries = await Promise.all(app.dictionaries.map((code) => readJson<PackagedDictionary>(path.join(dir, dictEntry(code)))));
  const flows = await Promise.all(app.flows.map((code) => readJson<PackagedFlow>(path.join(dir, flowEntry(code)))));
  return packParts(
    { code: app.code, name: app.name, version: app.version, description: app.description },
    { forms, dictionaries, flows },
    app.dependencies,
    new Date(app.releasedAt),
  );
}

/** The folder of an application's source under apps/ (e.g. 'inspection'). */
export const appSourceDir = (name: string) => path.join(import.meta.dirname, name);
