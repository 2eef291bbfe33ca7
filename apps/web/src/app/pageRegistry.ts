import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/**
 * Menu `component` names to pages. A registry rather than a switch: a menu names its page by
 * string, and each page is its own lazily loaded chunk.
 */
export type PageComponent = LazyExoticComponent<ComponentType>;

export const pageRegistry: Record<string, PageComponent> = {
  Home: lazy(() => import('../features/home/HomePage.tsx').then((m) => ({ default: m.HomePage }))),
  WaitDoneTask: lazy(() =>
    import('../features/waitDoneTask/WaitDoneTaskPage.tsx').then((m) => ({ default: m.WaitDoneTaskPage })),
  ),
  MsgList: lazy(() => import('../features/msg/MsgListPage.tsx').then((m) => ({ default: m.MsgListPage }))),
  ExecutingFormTask: lazy(() =>
    import('../features/formTask/FormTaskPages.tsx').then((m) => ({ default: m.ExecutingFormTaskPage })),
  ),
  FormTaskList: lazy(() =>
    import('../features/formTask/FormTaskPages.tsx').then((m) => ({ default: m.FormTaskListPage })),
  ),
  FormTaskInfo: lazy(() =>
    import('../features/formTask/FormTaskPages.tsx').then((m) => ({ default: m.FormTaskInfoPage })),
  ),
  FormCustom: lazy(() =>
    import('../features/form/FormListPage.tsx').then((m) => ({ default: m.FormListPage })),
  ),
  NotFound: lazy(() => import('../shell/ErrorPages.tsx').then((m) => ({ default: m.NotFoundPage }))),
  Forbidden: lazy(() => import('../shell/ErrorPages.tsx').then((m) => ({ default: m.ForbiddenPage }))),
};
