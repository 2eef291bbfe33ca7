import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import type { CurrentUser, OrgNode } from '@park/core';
import { AppProviders } from '../../../app/providers.tsx';
import { SessionContext, type Session } from '../../../lib/session.tsx';
import { stubHttp } from '../../../../test/http.ts';
import { UserManagePage } from './UserManagePage.tsx';

const org = (id: number, orgName: string, parentId: number | null, children: OrgNode[] = []): OrgNode => ({ id, parentId, orgName, orderIndex: id, children });

describe('用户管理', () => {
  it('unfolds the organisation tree once it arrives, though the page drew before its query ended', async () => {
    const tree = [org(1, '园区管委会', null, [org(2, '安监科', 1), org(3, '环保科', 1)])];
    stubHttp({
      'GET /api/user/listOrgTree': { errCode: 0, departManage: tree },
      'GET /api/user/listUser': { errCode: 0, datas: [], totalCount: 0 },
    });
    const user: CurrentUser = { id: 1, username: 'admin', realName: '管理员', userType: 0, sex: null, orgList: [], roleList: [], companyId: null };
    const session: Session = { user, enableCompanyPermission: false, menus: [], menusSettled: true, orgTree: tree };
    render(
      <AppProviders>
        <SessionContext.Provider value={session}>
          <UserManagePage />
        </SessionContext.Provider>
      </AppProviders>,
    );
    // The children of the top organisation are shown without a click.
    expect(await screen.findByText('安监科')).toBeTruthy();
    expect(screen.getByText('环保科')).toBeTruthy();
  });
});
