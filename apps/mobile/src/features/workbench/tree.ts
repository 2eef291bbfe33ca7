import type { WorkbenchApp, WorkbenchFunction, WorkbenchNode } from './api.ts';

/** An app placed on the workbench: the node (its id is the placement's) and the app it shows. */
export interface PlacedApp {
  nodeId: number;
  name: string;
  app: WorkbenchApp;
}

/** A section of the page: a group's own apps, or a sub-group's, titled by the sub-group. */
export interface Section {
  id: number;
  title: string | null;
  apps: PlacedApp[];
}

export interface GroupView {
  id: number;
  title: string;
  sections: Section[];
}

const bySort = (a: WorkbenchNode, b: WorkbenchNode) => a.sort - b.sort || a.id - b.id;

function placed(node: WorkbenchNode): PlacedApp | null {
  if (node.type !== 2 || !node.app) return null;
  return { nodeId: node.id, name: node.app.appName || node.menuName, app: node.app };
}

function appsIn(nodes: WorkbenchNode[]): PlacedApp[] {
  return [...nodes].sort(bySort).map(placed).filter((p): p is PlacedApp => p !== null);
}

/**
 * The page's groups in order: a group's apps first, then each sub-group's. A group or sub-group
 * with nothing to open is left out (the server prunes what the caller may not see; an app whose
 * functions are all PC-only is pruned here too).
 */
export function groupViews(tree: WorkbenchNode[]): GroupView[] {
  const out: GroupView[] = [];
  for (const group of [...tree].filter((n) => n.type === 1).sort(bySort)) {
    const sections: Section[] = [];
    const own = appsIn(group.children).filter(opensOnPhone);
    if (own.length) sections.push({ id: group.id, title: null, apps: own });
    for (const sub of [...group.children].filter((n) => n.type === 1).sort(bySort)) {
      const apps = appsIn(sub.children).filter(opensOnPhone);
      if (apps.length) sections.push({ id: sub.id, title: sub.menuName, apps });
    }
    if (sections.length) out.push({ id: group.id, title: group.menuName, sections });
  }
  return out;
}

/** 快捷应用: app nodes with quickApp 1 anywhere in the tree, each app once. */
export function quickApps(tree: WorkbenchNode[]): PlacedApp[] {
  const seen = new Set<number>();
  const out: PlacedApp[] = [];
  const walk = (nodes: WorkbenchNode[]) => {
    for (const node of [...nodes].sort(bySort)) {
      const p = placed(node);
      if (p && node.quickApp === 1 && !seen.has(p.app.id) && opensOnPhone(p)) {
        seen.add(p.app.id);
        out.push(p);
      }
      walk(node.children ?? []);
    }
  };
  walk(tree);
  return out;
}

/** Functions a phone shows: 全部 and 移动端 (the server sends only these; a stale reply is filtered again). */
export function phoneFunctions(app: WorkbenchApp): WorkbenchFunction[] {
  return (app.functions ?? []).filter((f) => f.showType === 0 || f.showType === 2);
}

function opensOnPhone(p: PlacedApp): boolean {
  return phoneFunctions(p.app).length > 0;
}

/**
 * Where a function opens in this app: a form or a flow opens its form's mobile list; a special
 * page opens when its address is one of this app's routes (`/m/…`), otherwise it is PC-only.
 */
export function functionRoute(fn: WorkbenchFunction): string | null {
  if ((fn.type === 0 || fn.type === 1) && fn.formId) return `/form/${encodeURIComponent(fn.formId)}`;
  const url = fn.menuUrl ?? '';
  if (url.startsWith('/m/')) return url.slice(2);
  return null;
}
