/*
 * 文件库 (issue 38; screens-round3 §4): the three libraries, their classification and tag trees,
 * and the original's messages, shared by the browser and the server so both refuse the same input
 * with the same Chinese words.
 */

/** The original's `source`: 0 平台 (共享文件库), 1 企业 (企业文件库), 2 私人 (个人文件夹). */
export const DOC_SOURCE = { share: 0, enterprise: 1, personal: 2 } as const;
export type DocSource = (typeof DOC_SOURCE)[keyof typeof DOC_SOURCE];
export const DOC_SOURCE_LABEL: Record<DocSource, string> = { 0: '共享文件库', 1: '企业文件库', 2: '个人文件夹' };
export const isDocSource = (v: unknown): v is DocSource => v === 0 || v === 1 || v === 2;

/** Classification and tag trees are at most three levels deep (the original's pickers). */
export const DOC_TREE_MAX_LEVEL = 3;
export const DOC_NAME_MAX = 50;
/** The original's upload limit for a library file, in MB. */
export const DOC_FILE_MAX_MB = 100;

export const DOC_TEXT = {
  classificationRequired: '分类不能为空',
  classificationFirst: '请先选择分类',
  oneFileOnly: '当前限制上传1个文件',
  fileRequired: '上传共享文件不能为空',
  fileTooLarge: `上传文件大小不能超过 ${DOC_FILE_MAX_MB}MB`,
  tenantRequired: '请先选择所属企业（团队）',
  deleteNone: '请选择需要删除的文件库',
  deleteConfirm: '是否确认删除吗?',
  deleted: '删除文件库成功',
  saved: '保存成功',
  treeDeleted: '删除成功',
  notFound: '文件不存在',
  classificationMissing: '所选分类不存在',
  tagMissing: '所选标签不存在',
  classificationLevel3: '此为三级分类 ,不能作为上级分类选择',
  tagLevel3: '此为三级标签 ,不能作为上级标签选择',
  classificationNameRequired: '请输入分类名称',
  tagNameRequired: '请输入标签名称',
  nameTooLong: `名称不能超过${DOC_NAME_MAX}个字`,
  parentMissing: '上级节点不存在',
  parentSelf: '不能选择自己或下级作为上级',
  classificationInUse: '该分类或其下级分类已被文件使用，不能删除',
  hasChildren: '请先删除下级节点',
  deleteTreeNone: '请选择需要删除的节点',
} as const;

/** The two trees: each names its messages, so one rule serves both. */
export type DocTreeKind = 'classification' | 'tag';
const TREE_TEXT: Record<DocTreeKind, { nameRequired: string; level3: string }> = {
  classification: { nameRequired: DOC_TEXT.classificationNameRequired, level3: DOC_TEXT.classificationLevel3 },
  tag: { nameRequired: DOC_TEXT.tagNameRequired, level3: DOC_TEXT.tagLevel3 },
};

/** A tree node's name, or null when acceptable. */
export function docTreeNameError(kind: DocTreeKind, name: unknown): string | null {
  const s = typeof name === 'string' ? name.trim() : '';
  if (!s) return TREE_TEXT[kind].nameRequired;
  if ([...s].length > DOC_NAME_MAX) return DOC_TEXT.nameTooLong;
  return null;
}

/** A chosen parent of level `parentLevel` (null: a root): a third-level node cannot be a parent. */
export function docTreeParentError(kind: DocTreeKind, parentLevel: number | null): string | null {
  if (parentLevel !== null && parentLevel >= DOC_TREE_MAX_LEVEL) return TREE_TEXT[kind].level3;
  return null;
}

/** The level a new node takes under a parent of `parentLevel` (null: a root, level 1). */
export const docChildLevel = (parentLevel: number | null): number => (parentLevel === null ? 1 : parentLevel + 1);

/**
 * The depth of the subtree under a node, counting the node itself (a leaf is 1): moving a node
 * with children under a new parent must keep the deepest leaf within three levels.
 */
export function docTreeFits(parentLevel: number | null, subtreeDepth: number): boolean {
  return docChildLevel(parentLevel) + subtreeDepth - 1 <= DOC_TREE_MAX_LEVEL;
}

/** The 文件类型 column and filter: the name's suffix, lower case, without the dot ('' when none). */
export function docFileType(originalName: string): string {
  const dot = originalName.lastIndexOf('.');
  return dot > 0 && dot < originalName.length - 1 ? originalName.slice(dot + 1).toLowerCase() : '';
}

/** The save dialog's checks, in the order the original shows them. */
export function docEntryError(source: DocSource, v: { classificationId?: unknown; fileId?: unknown; tenantId?: unknown }): string | null {
  if (v.classificationId === undefined || v.classificationId === null || String(v.classificationId).trim() === '') return DOC_TEXT.classificationRequired;
  if (v.fileId === undefined || v.fileId === null || String(v.fileId).trim() === '') return DOC_TEXT.fileRequired;
  if (source === DOC_SOURCE.enterprise && (v.tenantId === undefined || v.tenantId === null || String(v.tenantId).trim() === '')) return DOC_TEXT.tenantRequired;
  return null;
}

/** A node as the trees' `children` replies carry it. */
export interface DocTreeNode {
  id: number;
  name: string;
  code?: string | null;
  parentId: number | null;
  level: number;
  source: number;
  tenantId: number | null;
  classificationId?: number | null;
  catalogIndex: number;
  children: DocTreeNode[];
}

/** Flat rows (parents in any order) into the `children` tree, siblings by catalogIndex then id. */
export function buildDocTree<T extends Omit<DocTreeNode, 'children'>>(rows: readonly T[]): Array<T & { children: DocTreeNode[] }> {
  const byId = new Map<number, T & { children: DocTreeNode[] }>();
  for (const r of rows) byId.set(r.id, { ...r, children: [] });
  const roots: Array<T & { children: DocTreeNode[] }> = [];
  for (const n of byId.values()) {
    const parent = n.parentId === null ? undefined : byId.get(n.parentId);
    (parent ? parent.children : roots).push(n);
  }
  const sort = (list: DocTreeNode[]) => {
    list.sort((a, b) => a.catalogIndex - b.catalogIndex || a.id - b.id);
    for (const n of list) sort(n.children);
  };
  sort(roots);
  return roots;
}

/** Nodes whose name contains `text`, with their ancestors kept so the tree still reads (搜索框). */
export function filterDocTree(nodes: readonly DocTreeNode[], text: string): DocTreeNode[] {
  const q = text.trim();
  if (!q) return [...nodes];
  const out: DocTreeNode[] = [];
  for (const n of nodes) {
    if (n.name.includes(q)) out.push(n);
    else {
      const kids = filterDocTree(n.children, q);
      if (kids.length) out.push({ ...n, children: kids });
    }
  }
  return out;
}
