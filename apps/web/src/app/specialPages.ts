import { SPECIAL_PAGES } from '@park/core';
import { pageRegistry } from './pageRegistry.ts';

/*
 * 专项服务 (issue 40): the registered special pages with their components. A special page is one
 * of SPECIAL_PAGES (core) whose component is in the page registry; one without is left out (and
 * reported by specialPageProblems, so a registration cannot silently point at nothing).
 */
export const specialPages = Object.entries(SPECIAL_PAGES)
  .filter(([component]) => Object.hasOwn(pageRegistry, component))
  .map(([component, page]) => ({ component, ...page, Page: pageRegistry[component as keyof typeof pageRegistry] }));

export const specialPageProblems = (): string[] =>
  Object.keys(SPECIAL_PAGES).filter((c) => !Object.hasOwn(pageRegistry, c)).map((c) => `专项服务页面 ${c} 未在 pageRegistry 中注册`);
