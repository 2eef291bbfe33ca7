import type { Kysely } from 'kysely';
import { REGISTRATION_TEXT } from '@park/core';
import type { Database } from '../../db/schema.ts';
import { DIC } from '../../db/reference/dictionaries.ts';
import { badRequest } from '../../plugins/errors.ts';

/**
 * The company's coded fields are taken from the server's own tables, never from the names the
 * browser sends: the region by its code (with its full name, e.g. 安徽省马鞍山市和县), the
 * industry (监管类型) by its code, the industry category and the economic type from their
 * dictionaries. An unknown code is refused.
 */

export async function regionFullName(db: Kysely<Database>, code: string): Promise<string | null> {
  const row = await db
    .selectFrom('sys_region as r')
    .leftJoin('sys_region as p', 'p.code', 'r.parent_code')
    .leftJoin('sys_region as g', 'g.code', 'p.parent_code')
    .select(['r.name as name', 'p.name as parent', 'g.name as grand'])
    .where('r.code', '=', code)
    .executeTakeFirst();
  if (!row) return null;
  return [row.grand, row.parent, row.name].filter((n): n is string => !!n).join('');
}

/** A dictionary entry of `typeCode` whose code (or, with byName, name) is `value`. */
export async function dicEntry(
  db: Kysely<Database>,
  typeCode: string,
  value: string,
  byName = false,
): Promise<{ code: string; name: string } | null> {
  const row = await db
    .selectFrom('sys_dic_catalog as c')
    .innerJoin('sys_dic_type as t', 't.id', 'c.type_id')
    .select(['c.code', 'c.name'])
    .where('t.type_code', '=', typeCode)
    .where((eb) => (byName ? eb.or([eb('c.code', '=', value), eb('c.name', '=', value)]) : eb('c.code', '=', value)))
    .orderBy('c.id')
    .executeTakeFirst();
  return row ?? null;
}

export interface CompanyRefsInput {
  administrativeAreaCode: string;
  industryCode: string;
  industyType: string;
  economicTypeCode?: string | null;
  economicTypeName?: string | null;
}

export interface CompanyRefs {
  administrative_area_code: string;
  administrative_area_name: string;
  industry_code: string;
  industry_name: string;
  industy_type: string;
  economic_type_code: string | null;
  economic_type_name: string | null;
}

export async function resolveCompanyRefs(db: Kysely<Database>, input: CompanyRefsInput): Promise<CompanyRefs> {
  const areaCode = input.administrativeAreaCode.trim();
  const areaName = areaCode && /^\d{1,12}$/.test(areaCode) ? await regionFullName(db, areaCode) : null;
  if (!areaName) throw badRequest(REGISTRATION_TEXT.regionInvalid);

  const industry = input.industryCode.trim() ? await dicEntry(db, DIC.supervisionType, input.industryCode.trim()) : null;
  if (!industry) throw badRequest(REGISTRATION_TEXT.industryInvalid);

  const category = input.industyType.trim() ? await dicEntry(db, DIC.industryCategory, input.industyType.trim(), true) : null;
  if (!category) throw badRequest(REGISTRATION_TEXT.industryTypeInvalid);

  let economic: { code: string; name: string } | null = null;
  const ecoCode = input.economicTypeCode?.trim() ?? '';
  const ecoName = input.economicTypeName?.trim() ?? '';
  if (ecoCode || ecoName) {
    economic = ecoCode ? await dicEntry(db, DIC.economicType, ecoCode) : await dicEntry(db, DIC.economicType, ecoName, true);
    if (!economic) throw badRequest(REGISTRATION_TEXT.economicTypeInvalid);
  }

  return {
    administrative_area_code: areaCode,
    administrative_area_name: areaName,
    industry_code: industry.code,
    industry_name: industry.name,
    industy_type: category.name,
    economic_type_code: economic?.code ?? null,
    economic_type_name: economic?.name ?? null,
  };
}
