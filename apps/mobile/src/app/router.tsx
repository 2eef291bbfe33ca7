import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { useRoutes, type RouteObject } from 'react-router';
import { MOBILE_BASE_PATH } from '@park/core';
import { MobileLayout } from './MobileLayout.tsx';
import { PageLoading } from '../lib/PageLoading.tsx';
import { RouteError } from '../lib/RouteError.tsx';
import { RouteErrorBoundary } from '../lib/RouteErrorBoundary.tsx';
import { WorkbenchPage } from '../features/workbench/WorkbenchPage.tsx';

/** Pages past the first screen load when opened, so the workbench's first load stays small (issue 37). */
function page(component: LazyExoticComponent<ComponentType>) {
  const Page = component;
  return (
    <RouteErrorBoundary>
      <Suspense fallback={<PageLoading />}>
        <Page />
      </Suspense>
    </RouteErrorBoundary>
  );
}

// The login page too (its form library is ~50 KB): a phone signs in once and opens the workbench every day.
const LoginPage = lazy(() => import('../features/login/LoginPage.tsx').then((m) => ({ default: m.LoginPage })));
const ChangePasswordPage = lazy(() => import('../features/login/ChangePasswordPage.tsx').then((m) => ({ default: m.ChangePasswordPage })));
const TasksPage = lazy(() => import('../features/tasks/TasksPage.tsx').then((m) => ({ default: m.TasksPage })));
const TaskPage = lazy(() => import('../features/tasks/TaskPage.tsx').then((m) => ({ default: m.TaskPage })));
const MessagesPage = lazy(() => import('../features/messages/MessagesPage.tsx').then((m) => ({ default: m.MessagesPage })));
const AlarmsPage = lazy(() => import('../features/alarms/AlarmsPage.tsx').then((m) => ({ default: m.AlarmsPage })));
const NoticesPage = lazy(() => import('../features/notices/NoticesPage.tsx').then((m) => ({ default: m.NoticesPage })));
const NoticePage = lazy(() => import('../features/notices/NoticesPage.tsx').then((m) => ({ default: m.NoticePage })));
const BookPage = lazy(() => import('../features/book/BookPage.tsx').then((m) => ({ default: m.BookPage })));
const MePage = lazy(() => import('../features/me/MePage.tsx').then((m) => ({ default: m.MePage })));
// The form pages (src/form/pages.tsx) belong to the mobile form engineer (mform).
const FormListPage = lazy(() => import('../form/listPage.tsx').then((m) => ({ default: m.FormListPage })));
const FormAddPage = lazy(() => import('../form/pages.tsx').then((m) => ({ default: m.FormAddPage })));
const QrCodePage = lazy(() => import('../features/qr/QrPages.tsx').then((m) => ({ default: m.QrCodePage })));
const QrEntryPage = lazy(() => import('../features/qr/QrPages.tsx').then((m) => ({ default: m.QrEntryPage })));
const FormRecordPage = lazy(() => import('../form/pages.tsx').then((m) => ({ default: m.FormRecordPage })));

export const routes: RouteObject[] = [
  { path: '/login', element: page(LoginPage) },
  { path: '/changePassword', element: page(ChangePasswordPage) },
  // A scanned form code: 免登录填报 needs no login; the others continue at qr/:token/open (issue 39).
  { path: '/qr/:token', element: page(QrCodePage) },
  {
    element: (
      <RouteErrorBoundary>
        <MobileLayout />
      </RouteErrorBoundary>
    ),
    children: [
      {
        index: true,
        element: (
          <RouteErrorBoundary>
            <WorkbenchPage />
          </RouteErrorBoundary>
        ),
      },
      { path: 'form/:formId', element: page(FormListPage) },
      { path: 'form/:formId/add', element: page(FormAddPage) },
      { path: 'form/:formId/record/:id', element: page(FormRecordPage) },
      { path: 'qr/:token/open', element: page(QrEntryPage) },
      { path: 'tasks', element: page(TasksPage) },
      { path: 'task/:id', element: page(TaskPage) },
      { path: 'messages', element: page(MessagesPage) },
      { path: 'alarms', element: page(AlarmsPage) },
      { path: 'notices', element: page(NoticesPage) },
      { path: 'notice/:id', element: page(NoticePage) },
      { path: 'me', element: page(MePage) },
      { path: 'book', element: page(BookPage) },
      { path: '*', element: <RouteError notFound /> },
    ],
  },
];

/** The pages by address, drawn inside main.tsx's BrowserRouter. */
export function MobileRoutes() {
  return useRoutes(routes);
}

/**
 * The router's basename: it ends in a slash so that the workbench's own address is
 * /closed-park-web/m/ — inside the service worker's scope (public/sw.js; a scope without the slash
 * would also cover the desktop's /closed-park-web/msg/…). An address typed without it is given the
 * slash before the router starts.
 *
 * The declarative router (BrowserRouter + useRoutes), not the data router: no page here uses
 * loaders, actions or fetchers, and createBrowserRouter's machinery was ~20 KB gzip of the first
 * script (ADR 0067).
 */
export function mobileBasename(): string {
  const { pathname, search, hash } = window.location;
  if (pathname === MOBILE_BASE_PATH) window.history.replaceState(window.history.state, '', `${MOBILE_BASE_PATH}/${search}${hash}`);
  return `${MOBILE_BASE_PATH}/`;
}
