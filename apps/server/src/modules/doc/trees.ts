import { buildDocTree, docChildLevel, docTreeFits, docTreeNameError, docTreeParentError, DOC_SOURCE, DOC_TEXT, isDocSource, type DocSource, type DocTreeKind } from '@park/core';
import type { Transaction } from 'kysely';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/schema.ts';
import type { AuthContext } from '../../plugins/authContext.ts';
import { badRequest, forbidden, notFound } from '../../plugins/errors.ts';
import { isPark, manageScope } from './access.ts';
import { idList, optionalId, parseId } from './ids.ts';

/*
 * The classification and tag trees (screens-round3 §4.4): one service for both, told apart by the
 * table and the messages core gives each kind. A tree is one (source, tenant); null tenant is the
 * park's. At most three levels; a classification files use is never deleted.
 */
const TABLE = { classification: 'doc_classification', tag: 'doc_tag' } as const;
type Body = Record<string, unknown>;

interface NodeRow { id: string; source: number; company_id: string | null; parent_id: string | null; name: string; code: string | null; level: number; catalog_index: number; classification_id?: string | null }

const sourceOf = (raw: unknown): DocSource => {
  const n = raw === undefined || raw === null || raw === '' ? DOC_SOURCE.share : Number(raw);
  if (!isDocSource(n)) throw badRequest('参数不合法');
  return n;
};

const toNode = (r: NodeRow) => ({
  id: Number(r.id), name: r.name, label: r.name, code: r.code, parentId: r.parent_id === null ? null : Number(r.parent_id), level: r.level, source: r.source,
  tenantId: r.company_id === null ? null : Number(r.company_id), catalogIndex: r.catalog_index,
  ...(r.classification_id !== undefined ? { classificationId: r.classification_id === null ? null : Number(r.classification_id) } : {}),
});

export class DocTrees {
  constructor(private readonly ctx: AppContext, private readonly kind: DocTreeKind) {}
  private get table() { return TABLE[this.kind]; }

  /** The tenant whose tree of `source` the caller reads (null: the park's). A tenant's user reads its own. */
  private readTenant(auth: AuthContext, source: DocSource, tenantId: unknown): string | null {
    if (source === DOC_SOURCE.share) return null;
    if (isPark(auth)) return optionalId(tenantId);
    const own = auth.user.companyId === null ? null : String(auth.user.companyId);
    const asked = optionalId(tenantId);
    if (asked !== null && asked !== own) throw forbidden();
    return own;
  }

  private rows(db: AppContext['db'] | Transaction<Database>, source: number, companyId: string | null) {
    let q = db.selectFrom(this.table).selectAll().where('source', '=', source);
    q = companyId === null ? q.where('company_id', 'is', null) : q.where('company_id', '=', companyId);
    return q.execute() as Promise<NodeRow[]>;
  }

  /** listTag / listFileClassification: the whole tree of (source, tenant) as `children`. */
  async tree(auth: AuthContext, b: Body) {
    const source = sourceOf(b.source);
    const rows = await this.rows(this.ctx.db, source, this.readTenant(auth, source, b.tenantId));
    const classificationId = this.kind === 'tag' ? optionalId(b.classificationId) : null;
    // A tag tree narrowed to a classification keeps the tags of that classification and the tags of none.
    const picked = classificationId === null ? rows : rows.filter((r) => r.classification_id === null || r.classification_id === classificationId);
    return buildDocTree(picked.map(toNode));
  }

  /** …ByParentId: the direct children of a node (a root's when parentId is empty) in a tree the caller reads. */
  async children(auth: AuthContext, b: Body) {
    const parentId = optionalId(b.parentId ?? b.id);
    let source = sourceOf(b.source);
    let companyId: string | null;
    if (parentId !== null) {
      const parent = await this.node(parentId);
      source = parent.source as DocSource;
      companyId = parent.company_id;
      if (!isPark(auth) && companyId !== null && companyId !== String(auth.user.companyId)) throw notFound();
    } else companyId = this.readTenant(auth, source, b.tenantId);
    const rows = await this.rows(this.ctx.db, source, companyId);
    return rows.filter((r) => r.parent_id === parentId).map(toNode).sort((x, y) => x.catalogIndex - y.catalogIndex || x.id - y.id);
  }

  private async node(id: string): Promise<NodeRow> {
    const r = (await this.ctx.db.selectFrom(this.table).selectAll().where('id', '=', id).executeTakeFirst()) as NodeRow | undefined;
    if (!r) throw notFound(DOC_TEXT.parentMissing);
    return r;
  }

  /** A node the caller manages, or 404 (another tenant's tree does not exist for it). */
  private async managed(auth: AuthContext, id: string): Promise<NodeRow> {
    const r = (await this.ctx.db.selectFrom(this.table).selectAll().where('id', '=', id).executeTakeFirst()) as NodeRow | undefined;
    if (!r) throw notFound();
    const scope = await manageScope(this.ctx, auth, r.source as DocSource, 'tree');
    if (scope !== null && r.company_id !== scope) throw notFound();
    return r;
  }

  /** The depth of the subtree under `id`, the node counted (a leaf is 1), and its ids. */
  private subtree(all: readonly NodeRow[], id: string): { depth: number; ids: NodeRow[] } {
    const kids = all.filter((r) => r.parent_id === id);
    const below = kids.map((k) => this.subtree(all, k.id));
    return { depth: 1 + Math.max(0, ...below.map((x) => x.depth)), ids: [...kids, ...below.flatMap((x) => x.ids)] };
  }

  /** add… / update…: name, parent within the same tree and three levels; returns the node's id. */
  async save(auth: AuthContext, b: Body, id: string | null): Promise<string> {
    const nameErr = docTreeNameError(this.kind, b.name);
    if (nameErr) throw badRequest(nameErr);
    const old = id ? await this.managed(auth, parseId(id)) : null;
    const source = old ? (old.source as DocSource) : sourceOf(b.source);
    const scope = await manageScope(this.ctx, auth, source, 'tree');
    let companyId: string | null = old ? old.company_id : source === DOC_SOURCE.share ? null : scope ?? optionalId(b.tenantId);
    if (!old && scope !== null && optionalId(b.tenantId) !== null && optionalId(b.tenantId) !== scope) throw forbidden();
    if (!old && source === DOC_SOURCE.enterprise && companyId === null) throw badRequest(DOC_TEXT.tenantRequired);
    if (companyId !== null && !(await this.ctx.db.selectFrom('sys_company').select('id').where('id', '=', companyId).executeTakeFirst())) throw badRequest(DOC_TEXT.tenantRequired);
    companyId = companyId ?? null;
    const all = await this.rows(this.ctx.db, source, companyId);
    const parentId = optionalId(b.parentId);
    const parent = parentId === null ? null : all.find((r) => r.id === parentId);
    if (parentId !== null && !parent) throw badRequest(DOC_TEXT.parentMissing);
    const levelErr = docTreeParentError(this.kind, parent ? parent.level : null);
    if (levelErr) throw badRequest(levelErr);
    if (old) {
      const sub = this.subtree(all, old.id);
      if (parentId !== null && (parentId === old.id || sub.ids.some((r) => r.id === parentId))) throw badRequest(DOC_TEXT.parentSelf);
      if (!docTreeFits(parent ? parent.level : null, sub.depth)) throw badRequest(this.kind === 'tag' ? DOC_TEXT.tagLevel3 : DOC_TEXT.classificationLevel3);
    }
    let classificationId: string | null = null;
    if (this.kind === 'tag') {
      classificationId = optionalId(b.classificationId);
      if (classificationId !== null) {
        const c = await this.ctx.db.selectFrom('doc_classification').select(['source', 'company_id']).where('id', '=', classificationId).executeTakeFirst();
        if (!c || c.source !== source || c.company_id !== companyId) throw badRequest(DOC_TEXT.classificationMissing);
      }
    }
    const level = docChildLevel(parent ? parent.level : null);
    const values = {
      name: String(b.name).trim(), code: b.code === undefined || b.code === null || b.code === '' ? null : String(b.code).slice(0, 100),
      parent_id: parentId, level, catalog_index: Number.isInteger(Number(b.catalogIndex)) ? Number(b.catalogIndex) : 0,
      ...(this.kind === 'tag' ? { classification_id: classificationId } : {}),
    };
    return this.ctx.db.transaction().execute(async (trx) => {
      if (old) {
        await trx.updateTable(this.table).set(values).where('id', '=', old.id).execute();
        // Moving a node moves its subtree: each descendant's level follows its parent's.
        const delta = level - old.level;
        if (delta !== 0) {
          const ids = this.subtree(all, old.id).ids.map((r) => r.id);
          if (ids.length) await trx.updateTable(this.table).set((eb) => ({ level: eb('level', '+', delta) })).where('id', 'in', ids).execute();
        }
        return old.id;
      }
      const r = await trx.insertInto(this.table).values({ ...values, source, company_id: companyId }).returning('id').executeTakeFirstOrThrow();
      return r.id;
    });
  }

  /** batchDelete…: the nodes and their subtrees; a classification files use (or its descendants) is refused. */
  async remove(auth: AuthContext, raw: unknown): Promise<void> {
    const ids = idList(raw);
    if (!ids.length) throw badRequest(DOC_TEXT.deleteTreeNone);
    const doomed = new Map<string, NodeRow>();
    for (const id of ids) {
      const n = await this.managed(auth, id);
      const all = await this.rows(this.ctx.db, n.source, n.company_id);
      for (const r of [n, ...this.subtree(all, n.id).ids]) doomed.set(r.id, r);
    }
    const list = [...doomed.values()];
    if (this.kind === 'classification') {
      const used = await this.ctx.db.selectFrom('doc_file').select('id').where('classification_id', 'in', list.map((r) => r.id)).limit(1).executeTakeFirst();
      if (used) throw badRequest(DOC_TEXT.classificationInUse);
    }
    await this.ctx.db.transaction().execute(async (trx) => {
      // Deepest first: a parent is referenced by its children (on delete restrict).
      for (const level of [3, 2, 1]) {
        const at = list.filter((r) => r.level === level).map((r) => r.id);
        if (at.length) await trx.deleteFrom(this.table).where('id', 'in', at).execute();
      }
    });
  }
}
