import { PageLoading } from '../lib/PageLoading.tsx';
import { ErrorBlock } from '../lib/listUi.ts';
import { FormList } from './FormList.tsx';
import { Failed, Shell, useDefinition, useFormId } from './pageParts.tsx';
import './form.css';

/** /m/form/:formId — the form's mobile list. */
export function FormListPage() {
  const { formId, problem } = useFormId();
  const definition = useDefinition(formId);
  if (problem || formId === null) return <Shell title="表单列表"><ErrorBlock status="default" title={problem} description="" /></Shell>;
  if (definition.isError) return <Shell title="表单列表"><Failed error={definition.error} formId={formId} /></Shell>;
  if (!definition.data) return <Shell title="表单列表"><PageLoading /></Shell>;
  return <FormList key={formId} definition={definition.data} />;
}
