import type { Kysely, Transaction } from 'kysely';
import type { PackageParts, PackagePreview, PartKey } from '@park/core';
import type { AppContext } from '../../../context.ts';
import type { Database } from '../../../db/schema.ts';
import type { PartKindName } from '../repo.ts';

/*
 * The server half of a part kind (ADR 0054 part 3), one folder each under parts/: what export
 * reads from the park for the chosen forms, what the preview needs from the installation, and how
 * install/upgrade and 卸载 write it — all inside the caller's transaction. The service walks
 * SERVER_PARTS and knows no kind by name beyond the forms' tenant hand-down.
 */

export interface Roles {
  codeOf: ReadonlyMap<string, string>;
  idOf: ReadonlyMap<string, string>;
}

/** What 新建应用 chose, with everything the chosen forms pull in. */
export interface ExportSelection {
  /** The park's form ids in the package (chosen and depended on). */
  formIds: string[];
  /** Form id → its code in the package. */
  codeOf: ReadonlyMap<string, string>;
  /** Dictionary codes chosen or used by the forms. */
  dictionaries: string[];
  roles: Roles;
  /** The micro-app chosen in 新建应用, if any. */
  microAppId: string | null;
  /**
   * Local id → code of what the kinds exported so far wrote, by kind (PART_KEYS' order): a report
   * names its datasets by the codes the datasets kind gave them. Each kind adds its own.
   */
  exported: Map<string, Map<string, string>>;
}

/** The installation as the preview and install see it. */
export interface Target {
  appId: string | null;
  /** app_package_part rows of this application, by kind then code → local id. */
  parts: ReadonlyMap<string, ReadonlyMap<string, string>>;
  /** Form code → installed form id (forms deleted since left out). */
  formIds: Map<string, string>;
  roles: Roles;
}

export interface InstallContext {
  trx: Transaction<Database>;
  ctx: AppContext;
  userId: string;
  preview: PackagePreview;
  target: Target;
  /** Form code → id, complete once the forms are installed (kinds after forms read it). */
  formIds: Map<string, string>;
  /** Said to the user after the install. */
  notes: string[];
  /** What the kinds installed so far wrote (a report reads its datasets' new ids here). */
  installed: InstalledPart[];
}

export interface InstalledPart {
  kind: PartKindName;
  code: string;
  localId: string;
}

export interface ServerPartKind<K extends PartKey> {
  key: K;
  export(db: Kysely<Database>, sel: ExportSelection): Promise<PackageParts[K]>;
  /** This application's installed parts of the kind, portable as export makes them, by code (for 新建/更新/不变). */
  portable?(db: Kysely<Database>, target: Target): Promise<Map<string, unknown>>;
  install(parts: PackageParts[K], ic: InstallContext): Promise<InstalledPart[]>;
  /** 卸载 of the kind's installed parts (code → local id; `all` every part row by kind); the reasons it is refused, or []. */
  uninstall?(trx: Transaction<Database>, ctx: AppContext, installed: ReadonlyMap<string, string>, all: ReadonlyMap<string, ReadonlyMap<string, string>>): Promise<string[]>;
}

/** A made code stable across exports of one installation: the prefix and 12 hex of sha256 of the text. */
export type MadeCode = (prefix: string, text: string) => string;
