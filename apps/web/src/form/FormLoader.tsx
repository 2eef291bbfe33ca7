import type { ReactNode } from 'react';
import { Result, Spin } from 'antd';
import { useQuery } from '@tanstack/react-query';
import type { FormContext } from '@park/core';
import { errorMessage } from '../lib/http.ts';
import {
  formDefinitionKey,
  loadFormDefinition,
  loadRecord,
  type FormDefinition,
  type StoredRecord,
} from './api.ts';
import { useFormContext } from './useFormContext.ts';

export interface LoadedForm {
  definition: FormDefinition;
  record: StoredRecord | undefined;
  context: FormContext;
}

/**
 * Loads what a form screen needs before anything is drawn (spec 001 §2.8: nothing shows until
 * both the definition and the record have loaded): the design, the record when there is one,
 * and the date and user for defaults.
 */
export function FormLoader({
  formId,
  businessId,
  mode,
  children,
}: {
  formId: number;
  businessId?: string | null;
  mode: 'add' | 'edit' | 'detail';
  children(loaded: LoadedForm): ReactNode;
}) {
  const definition = useQuery({
    queryKey: formDefinitionKey(formId),
    queryFn: ({ signal }) => loadFormDefinition(formId, signal),
    staleTime: 10_000,
    retry: false,
  });
  const record = useQuery({
    queryKey: ['form-record', formId, businessId],
    queryFn: ({ signal }) => loadRecord(formId, businessId!, signal),
    enabled: Boolean(businessId) && mode !== 'add',
    gcTime: 0,
    retry: false,
  });
  const { ready, ctx } = useFormContext(mode === 'detail' ? undefined : mode);
  const needsRecord = Boolean(businessId) && mode !== 'add';

  if (definition.isError)
    return (
      <Result
        status="warning"
        title={errorMessage(definition.error, definition.error.message || '表单加载失败')}
      />
    );
  if (needsRecord && record.isError)
    return <Result status="warning" title={errorMessage(record.error, '数据加载失败')} />;
  if (!definition.data || (needsRecord && !record.data) || !ready) {
    return (
      <div className="page-spin">
        <Spin size="large" />
      </div>
    );
  }
  return <>{children({ definition: definition.data, record: record.data, context: ctx })}</>;
}
