import fs from 'node:fs';
import path from 'node:path';
import { PART_KEYS, PART_KINDS, type AppManifest, type PackageParts, type PartKey } from '@park/core';
import { packParts } from '../modules/apppackage/index.ts';

/*
 * An application kept as source (issue 41): a folder with app.json and, for each part kind of the
 * package format (PART_KEYS: forms, dictionaries, flows, automations, datasets, reports, microapps …),
 * a folder `<key>/` of one JSON file per part, what 应用管理's 导出 would write. This builds the
 * zip from it through the same packer as 导出 (manifest, checksums), with the release time of
 * app.json, so one source always gives the same file, byte for byte, and a change to the
 * application is a reviewable change to its JSON.
 *
 * Which parts, in which order: a kind app.json lists under `order` is exactly those codes in that
 * order (forms are: the install makes their list menus in that order, so 巡检路线 comes before
 * 隐患); any other kind is every *.json of its folder sorted by name, since their order changes
 * nothing (each part finds what it names by code). So a new part kind is packed as soon as its
 * folder exists, and a file left out of a listed kind is a build error rather than silently dropped.
 */

interface AppSource {
  code: string;
  name: string;
  version: string;
  description: string;
  /** The manifest's exportedAt: a fixed time, so the same source gives the same zip. */
  releasedAt: string;
  /** Part codes in install order for the kinds whose order matters. */
  order?: Partial<Record<PartKey, string[]>>;
  /** Dictionaries the installation must already have. */
  dependencies: string[];
}

const readJson = <T>(file: string): T => JSON.parse(fs.readFileSync(file, 'utf8')) as T;

/** The application's name, code, version and description (app.json), for code that needs them. */
export function readAppSource(dir: string): AppSource {
  return readJson<AppSource>(path.join(dir, 'app.json'));
}

/** The codes of one kind's parts in the source: app.json's order, else the folder's files sorted. */
function partCodes(dir: string, key: PartKey, listed: string[] | undefined): string[] {
  const folder = path.join(dir, key);
  const files = fs.existsSync(folder) ? fs.readdirSync(folder).filter((f) => f.endsWith('.json')).map((f) => f.slice(0, -'.json'.length)) : [];
  if (!listed) return files.sort();
  const left = files.filter((c) => !listed.includes(c));
  if (left.length > 0) throw new Error(`${dir}: ${key}/ 中的 ${left.join('、')} 未列入 app.json 的 order.${key}`);
  return listed;
}

export function buildAppPackage(dir: string): { fileName: string; zip: Buffer; manifest: AppManifest } {
  const app = readAppSource(dir);
  const parts: Partial<PackageParts> = {};
  for (const key of PART_KEYS) {
    const list = partCodes(dir, key, app.order?.[key]).map((code) => {
      const part = readJson<unknown>(path.join(dir, key, `${code}.json`));
      // The file's name is the part's code (the package's entry name), so a renamed file cannot ship under a stale code.
      const own = (PART_KINDS[key] as unknown as { codeOf(p: unknown): string }).codeOf(part);
      if (own !== code) throw new Error(`${dir}: ${key}/${code}.json 的编码是「${own}」`);
      return part;
    });
    (parts as Record<PartKey, unknown[]>)[key] = list;
  }
  return packParts({ code: app.code, name: app.name, version: app.version, description: app.description }, parts, app.dependencies, new Date(app.releasedAt));
}

/** The folder of an application's source under apps/ (e.g. 'inspection'). */
export const appSourceDir = (name: string) => path.join(import.meta.dirname, name);
