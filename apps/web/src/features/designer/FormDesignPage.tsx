import { Result, Spin } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useLocation } from 'react-router';
import { formIdFromPath } from '@park/core';
import { errorMessage } from '../../lib/http.ts';
import { designKey, draftKey, loadDesign, loadDraft } from './api.ts';
import { Designer } from './Designer.tsx';

/**
 * Menu component `FormDesign`, `/form/design/N`: the designer of form N. The form management
 * page opens it; a form without a design starts from an empty canvas.
 */
export function FormDesignPage() {
  const { pathname } = useLocation();
  const parsed = formIdFromPath(pathname);
  const formId = parsed.ok ? parsed.formId : 0;
  const design = useQuery({
    queryKey: designKey(formId),
    queryFn: ({ signal }) => loadDesign(formId, signal),
    enabled: parsed.ok,
    // The designer edits its own copy; a refetch must not replace work in progress.
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });
  // The caller's unpublished draft (issue 26), restored onto the canvas when there is one.
  const draft = useQuery({
    queryKey: draftKey(formId),
    queryFn: ({ signal }) => loadDraft(formId, signal),
    enabled: parsed.ok,
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });
  if (!parsed.ok) return <Result status="error" title={parsed.message} />;
  const failed = design.error ?? draft.error;
  if (failed) return <Result status="warning" title={errorMessage(failed, '表单加载失败')} />;
  if (!design.data || draft.data === undefined) {
    return (
      <div className="page-spin">
        <Spin size="large" />
      </div>
    );
  }
  const { formName, meta, published, designVersion } = design.data;
  return (
    <Designer
      key={formId}
      formId={formId}
      formName={formName}
      initial={meta}
      draft={draft.data}
      designVersion={designVersion}
      published={published}
    />
  );
}
