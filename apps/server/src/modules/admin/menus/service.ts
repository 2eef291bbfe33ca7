import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import {
  ADMIN_TEXT,
  COMPONENT_PATTERN,
  isPermsList,
  MENU_PATH_MESSAGE,
  MENU_PATH_PATTERN,
  PERMS_MESSAGE,
  type MenuInput,
  type MenuType,
  type ShowType,
} from '@park/core';
import type { AppContext } from '../../../context.ts';
import type { Database } from '../../../db/schema.ts';
import { writeAudit } from '../../../plugins/audit.ts';
import { badRequest, notFound } from '../../../plugins/errors.ts';
import { blankToNull, str } from '../common.ts';
import * as repo from './repo.ts';

const MODULE = '菜单管理';
const ICON_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
/* The entry to this screen: deleting it would leave no way back in but the database. */
const MENU_ADMIN_PERM = 'system:menu';

interface CleanMenu {
  name: string;
  path: string;
  component: string | null;
  icon_name: string | null;
  hidden: boolean;
  show_type: ShowType;
  menu_type: MenuType;
  perms: string | null;
}

function clean(input: MenuInput): CleanMenu {
  const name = input.name.trim();
  if (!name) throw badRequest('请输入菜单名称');
  const menuType = input.menuType ?? 'menu';
  const path = input.path.trim();
  // A button has no page of its own; a menu must be reachable at one of our paths.
  if (menuType === 'menu' || path !== '') {
    if (!MENU_PATH_PATTERN.test(path) || path.length > 300) throw badRequest(MENU_PATH_MESSAGE);
  }
  const component = blankToNull(input.component);
  if (component !== null && !COMPONENT_PATTERN.test(component)) throw badRequest('组件名称不合法');
  const icon = blankToNull(input.iconName);
  if (icon !== null && !ICON_PATTERN.test(icon)) throw badRequest('图标名称不合法');
  const perms = blankToNull(input.perms);
  if (perms !== null && !isPermsList(perms)) throw badRequest(PERMS_MESSAGE);
  return {
    name,
    path,
    component: menuType === 'button' ? null : component,
    icon_name: icon,
    hidden: input.hidden ?? false,
    show_type: input.showType ?? 0,
    menu_type: menuType,
    perms: perms?.split(',').map((p) => p.trim()).join(',') ?? null,
  };
}

function formIdOfListPath(path: string): string | undefined {
  return /^\/form\/list\/(\d+)(\?|$)/.exec(path.trim())?.[1];
}

/** The standard buttons of a form list page (issue 5 §5 addFullMenu). */
const FULL_MENU_BUTTONS: Array<[string, string]> = [
  ['新增', 'add'],
  ['编辑', 'edit'],
  ['删除', 'delete'],
  ['导入', 'import'],
  ['导出', 'export'],
];

export class MenuService {
  constructor(private readonly ctx: AppContext) {}

  private async parentLevel(trx: Kysely<Database>, parentId: string | null, child: MenuType): Promise<number> {
    if (parentId === null) {
      if (child === 'button') throw badRequest('按钮必须挂在菜单之下');
      return 0;
    }
    const parent = await repo.findMenu(trx, parentId);
    if (!parent) throw badRequest('上级菜单不存在或已被删除');
    if (parent.menu_type === 'button') throw badRequest('按钮之下不能再添加菜单或按钮');
    return parent.level;
  }

  private async insert(trx: Kysely<Database>, parentId: string | null, menu: CleanMenu, orderIndex?: number) {
    const level = (await this.parentLevel(trx, parentId, menu.menu_type)) + 1;
    const order = orderIndex ?? (await repo.nextOrder(trx, parentId));
    const row = await trx
      .insertInto('sys_menu')
      .values({ ...menu, parent_id: parentId, level, order_index: order })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async add(request: FastifyRequest, input: MenuInput): Promise<number> {
    // A form's list page grants viewing its records (issue 15), as addFull's does.
    const formId = input.menuType === 'button' ? undefined : formIdOfListPath(input.path);
    const menu = clean({ ...input, perms: input.perms ?? (formId ? `form:${formId}:view` : null) });
    const parentId = input.parentId == null ? null : str(input.parentId);
    const created = await this.ctx.db.transaction().execute(async (trx) => {
      const id = await this.insert(trx, parentId, menu, input.orderIndex);
      await writeAudit(trx, request, { module: MODULE, action: '新增菜单', targetType: 'sys_menu', targetId: id, detail: { ...menu, parentId } });
      await this.ctx.events.publish(trx, { kind: 'user', id: '*' });
      return Number(id);
    });
    this.ctx.events.deliver({ kind: 'user', id: '*' });
    return created;
  }

  /** A menu with its standard buttons in one call; a form list page gets perms form:N:add and so on. */
  async addFull(request: FastifyRequest, input: MenuInput): Promise<number> {
    const formId = formIdOfListPath(input.path);
    const menu = clean({ ...input, menuType: 'menu', perms: input.perms ?? (formId ? `form:${formId}:view` : null) });
    const parentId = input.parentId == null ? null : str(input.parentId);
    const created = await this.ctx.db.transaction().execute(async (trx) => {
      const id = await this.insert(trx, parentId, menu, input.orderIndex);
      const prefix = formId ? `form:${formId}` : `menu:${id}`;
      for (const [i, [name, action]] of FULL_MENU_BUTTONS.entries()) {
        await this.insert(
          trx,
          id,
          clean({ name, path: '', menuType: 'button', perms: `${prefix}:${action}` }),
          i,
        );
      }
      await writeAudit(trx, request, {
        module: MODULE,
        action: '新增菜单及按钮',
        targetType: 'sys_menu',
        targetId: id,
        detail: { ...menu, parentId, buttons: FULL_MENU_BUTTONS.map(([n, a]) => `${n}:${prefix}:${a}`) },
      });
      await this.ctx.events.publish(trx, { kind: 'user', id: '*' });
      return Number(id);
    });
    this.ctx.events.deliver({ kind: 'user', id: '*' });
    return created;
  }

  async update(request: FastifyRequest, id: string, input: MenuInput): Promise<void> {
    const menu = clean(input);
    const parentId = input.parentId == null ? null : str(input.parentId);
    await this.ctx.db.transaction().execute(async (trx) => {
      const before = await repo.findMenu(trx, id);
      if (!before) throw notFound('菜单不存在或已被删除');
      if (menu.menu_type === 'button' && (await repo.childCount(trx, id)) > 0) throw badRequest('有下级的菜单不能改为按钮');
      if (parentId !== null && (await repo.isSelfOrDescendant(trx, id, parentId))) {
        throw badRequest('不能把菜单移动到它自己或它的下级之下');
      }
      const level = (await this.parentLevel(trx, parentId, menu.menu_type)) + 1;
      await trx
        .updateTable('sys_menu')
        .set({ ...menu, parent_id: parentId, order_index: input.orderIndex ?? before.order_index })
        .where('id', '=', id)
        .execute();
      if (level !== before.level || parentId !== before.parent_id) await repo.relevel(trx, id, level);
      await writeAudit(trx, request, { module: MODULE, action: '修改菜单', targetType: 'sys_menu', targetId: id, detail: { before } });
      await this.ctx.events.publish(trx, { kind: 'user', id: '*' });
    });
    this.ctx.events.deliver({ kind: 'user', id: '*' });
  }

  async remove(request: FastifyRequest, id: string): Promise<void> {
    await this.ctx.db.transaction().execute(async (trx) => {
      const before = await repo.findMenu(trx, id);
      if (!before) throw notFound('菜单不存在或已被删除');
      if ((await repo.childCount(trx, id)) > 0) throw badRequest(ADMIN_TEXT.menuHasChildren);
      if ((before.perms ?? '').split(',').includes(MENU_ADMIN_PERM)) throw badRequest('菜单管理是修改菜单的入口，不能删除');
      await trx.deleteFrom('sys_menu').where('id', '=', id).execute();
      await writeAudit(trx, request, { module: MODULE, action: '删除菜单', targetType: 'sys_menu', targetId: id, detail: { before } });
      await this.ctx.events.publish(trx, { kind: 'user', id: '*' });
    });
    this.ctx.events.deliver({ kind: 'user', id: '*' });
  }
}
