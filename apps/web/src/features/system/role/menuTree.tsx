/** The menu tree of the role's binding drawer: checkbox nodes, page leaves for menus with buttons, form action tags. */
import { Tag, type TreeDataNode } from 'antd';
import { FORM_ACTION_LABELS, parseFormPermission, type AdminMenu } from '@park/core';
import { MenuIcon } from '../../../lib/MenuIcon.tsx';

export interface MenuTreeNode extends TreeDataNode {
  key: number;
  children: MenuTreeNode[];
}

/*
 * In a checkbox tree a parent is checked only with all its children, yet a role may open a page
 * without its buttons (view-only on a form). So a menu with buttons gets a leaf of its own, 打开页面,
 * keyed by the menu's id negated; saving maps it back to the menu.
 */
export const hasButtons = (m: AdminMenu) => m.menuType === 'menu' && m.children.some((c) => c.menuType === 'button');

export function pageLeaf(m: AdminMenu): MenuTreeNode {
  return {
    key: -m.id,
    title: (
      <span className="admin-tree-node">
        打开页面
        {formActionTags(m.perms)}
        {m.perms && <span className="admin-tree-code">{m.perms}</span>}
      </span>
    ),
    children: [],
  };
}

export function toMenuTree(menus: AdminMenu[]): MenuTreeNode[] {
  return menus.map((m) => ({
    key: m.id,
    title: (
      <span className="admin-tree-node">
        {m.menuType === 'button' ? <Tag color="orange">按钮</Tag> : <MenuIcon name={m.iconName} />}
        {m.name}
        {formActionTags(m.perms)}
        {m.perms && <span className="admin-tree-code">{m.perms}</span>}
      </span>
    ),
    children: hasButtons(m) ? [pageLeaf(m), ...toMenuTree(m.children)] : toMenuTree(m.children),
  }));
}

/** A button granting a form action says which, in words: 表单权限 新增. */
export function formActionTags(perms: string | null) {
  const actions = (perms ?? '').split(',').flatMap((c) => {
    const p = parseFormPermission(c.trim());
    return p ? [p.action] : [];
  });
  if (actions.length === 0) return null;
  return actions.map((a) => (
    <Tag key={a} color="blue">
      表单{FORM_ACTION_LABELS[a]}
    </Tag>
  ));
}

export function leafIds(menus: AdminMenu[], bound: Set<number>, out: number[] = []): number[] {
  for (const m of menus) {
    if (m.children.length === 0) {
      if (bound.has(m.id)) out.push(m.id);
    } else {
      if (hasButtons(m) && bound.has(m.id)) out.push(-m.id);
      leafIds(m.children, bound, out);
    }
  }
  return out;
}

export function parentMap(menus: AdminMenu[], parent: number | null = null, out = new Map<number, number | null>()) {
  for (const m of menus) {
    out.set(m.id, parent);
    parentMap(m.children, m.id, out);
  }
  return out;
}
