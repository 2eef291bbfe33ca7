import type { WorkbenchNode } from '@park/core';

/* Pure edits of the editor's tree; a path is the indexes from the top (1 group: [i], sub-group: [i, j]). */

export type Path = number[];

export function nodeAt(tree: readonly WorkbenchNode[], path: Path): WorkbenchNode | undefined {
  let list: readonly WorkbenchNode[] | undefined = tree;
  let node: WorkbenchNode | undefined;
  for (const i of path) {
    node = list?.[i];
    list = node?.children;
  }
  return node;
}

/** A copy of the tree with `edit` applied to the node at `path` (the tree itself when path is []). */
export function editAt(tree: readonly WorkbenchNode[], path: Path, edit: (node: WorkbenchNode) => void): WorkbenchNode[] {
  const copy = structuredClone(tree) as WorkbenchNode[];
  const node = nodeAt(copy, path);
  if (node) edit(node);
  return copy;
}

export function removeAt(tree: readonly WorkbenchNode[], path: Path): WorkbenchNode[] {
  const copy = structuredClone(tree) as WorkbenchNode[];
  const parent = path.length === 1 ? copy : nodeAt(copy, path.slice(0, -1))?.children;
  parent?.splice(path[path.length - 1]!, 1);
  return copy;
}

/** 复制已有模板: the template's tree with every id blanked, so the save makes new rows. */
export function blankIds(nodes: readonly WorkbenchNode[]): WorkbenchNode[] {
  return nodes.map((n) => ({ ...n, id: null, permissions: n.permissions ?? [], children: blankIds(n.children ?? []) }));
}

export const appCount = (n: WorkbenchNode): number => (n.children ?? []).reduce((s, c) => s + (Number(c.type) === 2 ? 1 : appCount(c)), 0);
