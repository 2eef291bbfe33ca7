import { Result } from 'antd';
import { useLocation } from 'react-router';
import { formIdFromPath } from '@park/core';

/**
 * Menu component `FormCustom`, `/form/list/N`. The form id is the last path segment; without a
 * valid one the page stops here (spec 002 §2). The list itself comes with the form module.
 */
export function FormListPage() {
  const { pathname } = useLocation();
  const parsed = formIdFromPath(pathname);
  if (!parsed.ok) {
    return (
      <div className="result-page">
        <Result status="error" title={parsed.message} />
      </div>
    );
  }
  return (
    <div className="result-page">
      <Result status="info" title={`表单 ${parsed.formId} 的列表页将在表单模块中提供`} />
    </div>
  );
}
