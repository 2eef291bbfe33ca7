import { lazy, Suspense } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { BASE_PATH, PASSWORD_CHANGE_PATH } from '@park/core';
import { StandalonePage } from './layouts/StandalonePage.tsx';
import { MenuRouteView, RootRedirect } from './MenuRouteView.tsx';
import { RegisteredPage } from './RegisteredPage.tsx';
import { RouteError } from '../shell/RouteError.tsx';
import { BootSpin } from '../shell/PageSpin.tsx';

/*
 * The signed-in shell (session, menus, top bar, file preview dialog) loads apart from the entry, so the
 * login page — every visit's first screen — fetches none of it (issue 42).
 */
const BootLayout = lazy(() => import('./layouts/BootLayout.tsx').then((m) => ({ default: m.BootLayout })));
const LoginPage = lazy(() =>
  import('../features/login/LoginPage.tsx').then((m) => ({ default: m.LoginPage })),
);
const CompanyRegisterPage = lazy(() =>
  import('../features/companyRegister/CompanyRegisterPage.tsx').then((m) => ({
    default: m.CompanyRegisterPage,
  })),
);
const ForcedPasswordChangePage = lazy(() =>
  import('../features/system/password/ForcedPasswordChangePage.tsx').then((m) => ({ default: m.ForcedPasswordChangePage })),
);
const PreviewPage = lazy(() => import('../features/preview/PreviewPage.tsx').then((m) => ({ default: m.PreviewPage })));
const WpsRedirect = lazy(() => import('../features/preview/PreviewPage.tsx').then((m) => ({ default: m.WpsRedirect })));
const DocumentPage = lazy(() => import('../features/preview/DocumentPage.tsx').then((m) => ({ default: m.DocumentPage })));

/**
 * Public routes render without the current user; everything else boots through BootLayout.
 * Fixed routes always exist (spec 002 §2, DESIGN.md §6.1); every other path is resolved against
 * the user's menus by MenuRouteView, which sends unknown paths to /404.
 */
export const routes: RouteObject[] = [
  {
    errorElement: <RouteError />,
    children: [
      { path: '/login', element: <StandalonePage page={<LoginPage />} /> },
      { path: '/companyRegister', element: <StandalonePage page={<CompanyRegisterPage />} /> },
      // A generated password is changed before anything else (issue 42): the server answers nothing more.
      { path: PASSWORD_CHANGE_PATH, element: <StandalonePage page={<ForcedPasswordChangePage />} /> },
      { path: '/404', element: <StandalonePage page={<RegisteredPage component="NotFound" />} /> },
      { path: '/403', element: <StandalonePage page={<RegisteredPage component="Forbidden" />} /> },
      // Full-window file pages (issue 10): the preview of record (DESIGN.md §6.1) and the online
      // document page, also reached by the original client's static/wps.html address.
      { path: '/preview/:fileId', element: <StandalonePage page={<PreviewPage />} /> },
      { path: '/document/:fileId/:mode', element: <StandalonePage page={<DocumentPage />} /> },
      { path: '/static/wps.html', element: <StandalonePage page={<WpsRedirect />} /> },
      {
        path: '/',
        element: (
          <Suspense fallback={<BootSpin />}>
            <BootLayout />
          </Suspense>
        ),
        children: [
          { index: true, element: <RootRedirect /> },
          { path: 'waitDoneTask/WaitDoneTask', element: <RegisteredPage component="WaitDoneTask" /> },
          { path: 'msg/MsgList', element: <RegisteredPage component="MsgList" /> },
          { path: 'formTask/ExecutingFormTask', element: <RegisteredPage component="ExecutingFormTask" /> },
          { path: 'formTaskList', element: <RegisteredPage component="FormTaskList" /> },
          { path: 'formTaskInfo', element: <RegisteredPage component="FormTaskInfo" /> },
          // Every signed-in user may change their own password, with or without the menu.
          { path: 'system/password', element: <RegisteredPage component="ChangePassword" /> },
          // DESIGN.md §6.1: the list page of form N lives at /form/list/N whatever the menus say.
          { path: 'form/list/*', element: <RegisteredPage component="FormCustom" /> },
          // DESIGN.md §6.1: full-page add of form N, and the read-only detail of its record R.
          { path: 'full/custom/:formId', element: <RegisteredPage component="FullCustom" /> },
          { path: 'form/detail/:formId/:recordId', element: <RegisteredPage component="FormDetail" /> },
          // The designer of form N (issue 9); saving a design needs the form:design permission.
          { path: 'form/design/:formId', element: <RegisteredPage component="FormDesign" /> },
          // The approval flow of form N (issue 20), opened from 表单管理 › 流程设计.
          { path: 'form/flow/:formId', element: <RegisteredPage component="FlowDesign" /> },
          { path: 'form/detail/:formId/:recordId/:subKey', element: <RegisteredPage component="FormDetail" /> },
          // The automation designer (issue 19): new, or flow N; opened from 自动化 › 流程管理.
          { path: 'automation/design/:flowId', element: <RegisteredPage component="AutomationFlowDesign" /> },
          // Reports (issue 22): the designer of report N, and report N as published (a menu's ReportCustom
          // page); the server answers 403 to a reader without one of the report's roles.
          { path: 'report/design/:reportId', element: <RegisteredPage component="ReportDesign" /> },
          { path: 'report/view/:reportId', element: <RegisteredPage component="ReportCustom" /> },
          // The video wall (issue 25), also opened from the park map with ?channelIds=a,b.
          { path: 'video/wall', element: <RegisteredPage component="VideoWall" /> },
          { path: '*', element: <MenuRouteView /> },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes, { basename: BASE_PATH });
}
