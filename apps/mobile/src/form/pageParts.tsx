import { useNavigate, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { ErrorBlock, NavBar } from '../lib/listUi.ts';
import { definitionKey, FormDefinitionError, loadFormDefinition } from './api.ts';
import { NO_DESIGN } from './messages.ts';

/*
 * What the form pages share (the list, add, a record): the route's id, the frame, the design's
 * query and its failure. Apart from pages.tsx so the list page (listPage.tsx) loads none of the
 * editor's code.
 */

/** The route's form id: numeric, or the spec's errors (spec 000 §2). */
export function useFormId(): { formId: number | null; problem: string | null } {
  const { formId } = useParams();
  if (!formId) return { formId: null, problem: 'route formId is empty' };
  if (!/^\d+$/.test(formId)) return { formId: null, problem: 'route formId is not a string' };
  return { formId: Number(formId), problem: null };
}

export function Shell({ title, children, right }: { title: string; children: React.ReactNode; right?: React.ReactNode }) {
  const navigate = useNavigate();
  return (
    <div className="m-page m-form-page">
      <NavBar onBack={() => void navigate(-1)} right={right}>
        {title}
      </NavBar>
      {children}
    </div>
  );
}

export function useDefinition(formId: number | null) {
  return useQuery({
    queryKey: definitionKey(formId ?? 0),
    queryFn: ({ signal }) => loadFormDefinition(formId!, signal),
    enabled: formId !== null,
    staleTime: 60_000,
    retry: false,
  });
}

export function Failed({ error, formId }: { error: unknown; formId: number }) {
  const text = error instanceof FormDefinitionError ? NO_DESIGN(formId) : '加载失败，请稍后重试';
  return <ErrorBlock status="default" title={text} description="" />;
}
