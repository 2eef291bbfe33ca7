/** A dictionary type's entries as the tree component draws them. */
import type { TreeDataNode } from 'antd';
import type { DicCatalog } from '@park/core';

export interface EntryNode extends TreeDataNode {
  key: number;
  entry: DicCatalog;
  children: EntryNode[];
}

export const parentIds = (entries: DicCatalog[]): number[] =>
  entries.flatMap((e) => (e.children?.length ? [e.id, ...parentIds(e.children)] : []));

export const toEntryTree = (entries: DicCatalog[]): EntryNode[] =>
  entries.map((e) => ({ key: e.id, entry: e, title: e.name, children: toEntryTree(e.children ?? []) }));

export function findEntry(entries: DicCatalog[], id: number): DicCatalog | undefined {
  for (const e of entries) {
    if (e.id === id) return e;
    const below = findEntry(e.children ?? [], id);
    if (below) return below;
  }
  return undefined;
}
