import { useQuery } from '@tanstack/react-query';
import { flowFieldsOf, parseFormMeta, type FlowField, type FlowSubTable, type FlowNode, type TriggerConf } from '@park/core';
import { getFormMeta } from './api.ts';

export interface FormFields {
  formName: string;
  main: FlowField[];
  subTables: FlowSubTable[];
}

/** A form's fields for the drawers (null while loading, or when the form has no usable design). */
export function useFormFields(formId: number | string | null | undefined): { fields: FormFields | null; loading: boolean } {
  const enabled = formId !== null && formId !== undefined && formId !== '';
  const { data, isLoading } = useQuery({
    queryKey: ['automation', 'formFields', String(formId)],
    enabled,
    staleTime: 60_000,
    queryFn: async ({ signal }) => {
      const conf = await getFormMeta(formId!, signal);
      if (!conf) return null;
      const parsed = parseFormMeta(conf.formMeta);
      return parsed.ok ? { formName: conf.formName, ...flowFieldsOf(parsed.meta) } : null;
    },
  });
  return { fields: data ?? null, loading: enabled && isLoading };
}

/** The trigger's form id: what conditions test and what variables (${model}) read. */
export const triggerFormOf = (root: FlowNode) => ((root.conf ?? {}) as TriggerConf).destId ?? null;
