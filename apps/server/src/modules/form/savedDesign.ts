import type { Kysely } from 'kysely';
import type { FormMeta } from '@park/core';
import type { Database } from '../../db/schema.ts';
import { notFound } from '../../plugins/errors.ts';
import { findForm } from './formConf.repo.ts';

/**
 * Reading a form's saved design by id, with its two refusals: the one way the design cache, the
 * import/export thread and the getbyid call load a design (issue 17: it was written three times).
 */

export const NO_DESIGN = (id: string) => `表单ID(${id}): 暂未进行相关的表单设计`;

export interface SavedDesign {
  formId: string;
  formName: string;
  formType: string;
  status: number;
  designVersion: number;
  meta: FormMeta;
}

/** A form's saved design: 404 表单不存在 for no form, 404 NO_DESIGN for a form never designed. */
export async function loadDesign(db: Kysely<Database>, formId: string): Promise<SavedDesign> {
  const row = await findForm(db, formId);
  if (!row) throw notFound('表单不存在');
  if (row.form_meta === null) throw notFound(NO_DESIGN(formId));
  return {
    formId,
    formName: row.form_name,
    formType: row.form_type,
    status: row.status,
    designVersion: row.design_version,
    meta: row.form_meta as FormMeta,
  };
}

