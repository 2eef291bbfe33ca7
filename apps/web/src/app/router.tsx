import { lazy } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { BASE_PATH } from '@park/core';
import { BootLayout } from './layouts/BootLayout.tsx';
import { StandalonePage } from './layouts/StandalonePage.tsx';
import { MenuRouteView, RootRedirect } from '../shell/MenuRouteView.tsx';
import { RegisteredPage } from '../shell/RegisteredPage.tsx';
import { RouteError } from '../shell/RouteError.tsx';

const LoginPage = lazy(() =>
  import('../features/login/LoginPage.tsx').then((m) => ({ default: m.LoginPage })),
);
const CompanyRegisterPage = lazy(() =>
  import('../features/companyRegister/CompanyRegisterPage.tsx').then((m) => ({
    default: m.CompanyRegisterPage,
  })),
);

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
      { path: '/404', element: <StandalonePage page={<RegisteredPage component="NotFound" />} /> },
      { path: '/403', element: <StandalonePage page={<RegisteredPage component="Forbidden" />} /> },
      {
        path: '/',
        element: <BootLayout />,
        children: [
          { index: true, element: <RootRedirect /> },
          { path: 'waitDoneTask/WaitDoneTask', element: <RegisteredPage component="WaitDoneTask" /> },
          { path: 'msg/MsgList', element: <RegisteredPage component="MsgList" /> },
          { path: 'formTask/ExecutingFormTask', element: <RegisteredPage component="ExecutingFormTask" /> },
          { path: 'formTaskList', element: <RegisteredPage component="FormTaskList" /> },
          { path: 'formTaskInfo', element: <RegisteredPage component="FormTaskInfo" /> },
          // DESIGN.md §6.1: the list page of form N lives at /form/list/N whatever the menus say.
          { path: 'form/list/*', element: <RegisteredPage component="FormCustom" /> },
          { path: '*', element: <MenuRouteView /> },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes, { basename: BASE_PATH });
}
