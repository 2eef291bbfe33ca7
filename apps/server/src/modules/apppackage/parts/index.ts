import type { PartKey } from '@park/core';
import { serverAutomations } from './automations/index.ts';
import { serverDatasets } from './datasets/index.ts';
import { serverReports } from './reports/index.ts';
import { serverMicroApps } from './microapps/index.ts';
import { serverDictionaries } from './dictionaries/index.ts';
import { serverFlows } from './flows/index.ts';
import { serverForms } from './forms/index.ts';
import { serverFormSets } from './formsets/index.ts';
import type { ServerPartKind } from './types.ts';

/*
 * The server half of every part kind (ADR 0054 part 3), in install order: dictionaries before the
 * forms that choose from them, forms before what names their fields and ids. 卸载 walks it
 * backwards. Typed over core's PART_KINDS: a kind core knows and this lacks does not compile.
 */
export const SERVER_PARTS: { [K in PartKey]: ServerPartKind<K> } = {
  dictionaries: serverDictionaries,
  forms: serverForms,
  flows: serverFlows,
  automations: serverAutomations,
  datasets: serverDatasets,
  reports: serverReports,
  microapps: serverMicroApps,
  formsets: serverFormSets,
};

export const INSTALL_ORDER = Object.keys(SERVER_PARTS) as PartKey[];

export type { ExportSelection, InstallContext, InstalledPart, ServerPartKind, Target } from './types.ts';
