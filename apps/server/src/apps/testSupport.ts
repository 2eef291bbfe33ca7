import { expect } from 'vitest';
import type { TestApp } from '../../test/testApp.ts';

/** What the applications' tests share: the caller's phone workbench, as the mobile client reads it. */

export interface PlacedApp {
  /** The groups above the app (group, sub-group). */
  trail: string[];
  app: { appName: string; iconName: string; iconBgColor: string; functions: Array<{ funName: string; type: number; formId: string | null }> };
}

type Node = { menuName: string; app?: PlacedApp['app']; children: Node[] };

/** Every app on the caller's mobile workbench (myWorkbench?client=mobile) with the groups it sits under. */
export async function phoneWorkbenchApps(t: TestApp, cookie: string): Promise<PlacedApp[]> {
  const reply = (await t.call(cookie, 'GET', '/api/micro/workbench/myWorkbench?client=mobile')).json();
  expect(reply, JSON.stringify(reply)).toMatchObject({ errCode: 0 });
  const walk = (nodes: Node[], trail: string[]): PlacedApp[] => nodes.flatMap((n) => (n.app ? [{ trail, app: n.app }] : walk(n.children, [...trail, n.menuName])));
  return walk(reply.datas as Node[], []);
}
