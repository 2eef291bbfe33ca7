import { Card } from 'antd';
import { PARK_WORKBENCH_TENANT_ID } from '@park/core';
import { useSession } from '../../lib/session.tsx';
import { WorkbenchEditor } from './workbench/WorkbenchEditor.tsx';

/**
 * 工作台 (issue 37): the caller's own workbench — a tenant's 主管理员 edits its tenant's (the server
 * takes the tenant from the session and refuses any other), a park user the park's own (tenant 0).
 */
export function TenantWorkbenchPage() {
  const { user } = useSession();
  const tenantId = user.userType === 0 || user.companyId == null ? PARK_WORKBENCH_TENANT_ID : String(user.companyId);
  return (
    <Card title="工作台分组" variant="borderless" className="list-page">
      <WorkbenchEditor tenantId={tenantId} />
    </Card>
  );
}
