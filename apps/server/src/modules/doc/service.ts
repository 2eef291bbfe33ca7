import { DOC_FILE_MAX_MB, DOC_SOURCE, DOC_TEXT, docEntryError, docFileType, isDocSource, type DocSource } from '@park/core';
import type { AppContext } from '../../context.ts';
import { allows, type AuthContext } from '../../plugins/authContext.ts';
import { badRequest, forbidden, notFound } from '../../plugins/errors.ts';
import { likeContains } from '../../plugins/scope.ts';
import { attachFileRefs, detachFileRefs, unreadableFileIds } from '../file/index.ts';
import { DOC_PERMS, docFileRef, isPark, manageScope } from './access.ts';
import { idList, optionalId, parseId } from './ids.ts';
import { DocRepo, type DocEntryRow, type DocListQuery } from './repo.ts';
import { DocTrees } from './trees.ts';

type Body = Record<string, unknown>;
const MB = 1024 * 1024;

const sourceOf = (raw: unknown): DocSource => {
  const n = raw === undefined || raw === null || raw === '' ? DOC_SOURCE.share : Number(raw);
  if (!isDocSource(n)) throw badRequest('参数不合法');
  return n;
};
const text = (v: unknown) => (v === undefined || v === null ? '' : String(v).trim());
const dateOf = (v: unknown): Date | undefined => {
  const s = text(v);
  if (!s) return undefined;
  // A bare date as the end of a range means the whole day.
  const d = new Date(/^\d{4}-\d{2}-\d{2}$/.test(s) ? `${s}T00:00:00+08:00` : s);
  if (Number.isNaN(d.getTime())) throw badRequest('上传时间格式不正确');
  return d;
};

/**
 * 共享文件库, 企业文件库, 个人文件夹 (issue 38, ADR 0052): who reads and manages each library
 * (access.ts), the lists with the original's filters and columns, and saving an entry around an
 * upload the file module already checked by content.
 */
export class DocService {
  readonly repo: DocRepo;
  readonly classifications: DocTrees;
  readonly tags: DocTrees;
  constructor(private readonly ctx: AppContext) {
    this.repo = new DocRepo(ctx.db);
    this.classifications = new DocTrees(ctx, 'classification');
    this.tags = new DocTrees(ctx, 'tag');
  }

  /** An entry the caller manages, or 404 (another tenant's or user's entry does not exist for it). */
  private async managed(auth: AuthContext, id: string): Promise<DocEntryRow> {
    const e = await this.repo.get(this.ctx.db, id);
    if (!e) throw notFound(DOC_TEXT.notFound);
    const source = e.source as DocSource;
    if (!isPark(auth) && source === DOC_SOURCE.share) throw notFound(DOC_TEXT.notFound);
    if (!isPark(auth) && source === DOC_SOURCE.personal && e.owner_id !== auth.userId) throw notFound(DOC_TEXT.notFound);
    // Another tenant's entry does not exist for the caller, whatever its role.
    if (!isPark(auth) && source === DOC_SOURCE.enterprise && e.company_id !== String(auth.user.companyId)) throw notFound(DOC_TEXT.notFound);
    const scope = await manageScope(this.ctx, auth, source, 'entry');
    if (scope !== null && e.company_id !== scope) throw notFound(DOC_TEXT.notFound);
    return e;
  }

  /** The narrowing a list gets for the caller: the park's codes, a tenant's own, a user's own. */
  private listScope(auth: AuthContext, source: DocSource, tenantId: unknown): Pick<DocListQuery, 'companyId' | 'ownerId' | 'notBlackListedFor'> {
    const own = auth.user.companyId === null ? null : String(auth.user.companyId);
    if (isPark(auth)) {
      if (source === DOC_SOURCE.enterprise && !allows(auth.permissions, DOC_PERMS.enterprise)) throw forbidden();
      if (source === DOC_SOURCE.personal) {
        // A park user's own folder; the whole park's folders only with 个人文件夹's code.
        if (!allows(auth.permissions, DOC_PERMS.personal)) return { ownerId: auth.userId };
      }
      const t = optionalId(tenantId);
      return source === DOC_SOURCE.share || t === null ? {} : { companyId: t };
    }
    if (source === DOC_SOURCE.share) return own === null ? {} : { notBlackListedFor: own };
    if (source === DOC_SOURCE.enterprise) {
      if (own === null) throw forbidden();
      return { companyId: own };
    }
    return { ownerId: auth.userId };
  }

  async list(auth: AuthContext, source: DocSource, b: Body) {
    const pageNum = Math.max(1, Number(b.pageNum) || 1);
    const pageSize = Math.min(500, Math.max(1, Number(b.pageSize) || 10));
    const classificationId = optionalId(b.classificationId);
    // The original's 分类 filter carries the classification's id; a name is searched as text.
    const classificationRaw = text(b.classification);
    const classificationIds = classificationId ?? (/^[1-9]\d{0,17}$/.test(classificationRaw) ? classificationRaw : null);
    const { total, rows } = await this.repo.list({
      source, ...this.listScope(auth, source, b.tenantId),
      originalName: text(b.originalName) ? likeContains(text(b.originalName)) : undefined,
      classificationIds: classificationIds ? await this.repo.classificationWithDescendants(classificationIds) : undefined,
      classificationName: classificationRaw && !classificationIds ? likeContains(classificationRaw) : undefined,
      fileType: text(b.fileType).toLowerCase().replace(/^\./, '') || undefined,
      realName: text(b.realName) ? likeContains(text(b.realName)) : undefined,
      bt: dateOf(b.bt), et: dateOf(b.et),
      ascending: String(b.order ?? '1') === '0',
      offset: (pageNum - 1) * pageSize, limit: pageSize,
    });
    return {
      totalCount: total,
      datas: rows.map((r) => ({
        fileExtendId: Number(r.id), id: Number(r.id), source: r.source, fileId: Number(r.file_id), originalName: r.original_name, fileType: r.file_type,
        uploadTime: r.upload_time, userName: r.username, realName: r.real_name,
        tenantId: r.company_id === null ? null : Number(r.company_id), tenantName: r.company_name,
        classification: r.classification, classificationId: Number(r.classification_id),
        classificationParentId: r.classification_parent_id === null ? null : Number(r.classification_parent_id),
        fileLabel: r.labels ?? '', fileLabelId: r.label_ids ?? '',
      })),
    };
  }

  /** saveFileExtend: one upload, a classification, tags, and the black list (共享) or tenant (企业). */
  async save(auth: AuthContext, b: Body): Promise<string> {
    const id = optionalId(b.fileExtendId ?? b.id);
    const old = id ? await this.managed(auth, id) : null;
    const source = old ? (old.source as DocSource) : sourceOf(b.source);
    const scope = await manageScope(this.ctx, auth, source, 'entry');
    const fileId = Array.isArray(b.fileId) ? (b.fileId.length > 1 ? 'many' : b.fileId[0]) : b.fileId;
    if (fileId === 'many') throw badRequest(DOC_TEXT.oneFileOnly);
    // A tenant's admin files into its own tenant only; naming another is refused, not redirected.
    if (!old && scope !== null && source === DOC_SOURCE.enterprise && optionalId(b.tenantId) !== null && optionalId(b.tenantId) !== scope) throw forbidden();
    const named = source === DOC_SOURCE.enterprise ? (old ? old.company_id : scope ?? b.tenantId) : undefined;
    const err = docEntryError(source, { classificationId: b.classificationId ?? b.classification, fileId, tenantId: named });
    if (err) throw badRequest(err);
    const own = auth.user.companyId === null ? null : String(auth.user.companyId);
    let companyId: string | null = null;
    if (source === DOC_SOURCE.enterprise) {
      companyId = old ? old.company_id : scope ?? parseId(named, DOC_TEXT.tenantRequired);
      if (scope !== null && companyId !== scope) throw forbidden();
      if (!(await this.ctx.db.selectFrom('sys_company').select('id').where('id', '=', companyId!).executeTakeFirst())) throw badRequest(DOC_TEXT.tenantRequired);
    } else if (source === DOC_SOURCE.personal) companyId = old ? old.company_id : own;
    // The trees an entry draws on are its library's: the park's for 共享, the tenant's otherwise.
    const treeCompany = source === DOC_SOURCE.share ? null : companyId;
    const classificationId = parseId(b.classificationId ?? b.classification, DOC_TEXT.classificationMissing);
    if ((await this.repo.countInTree('doc_classification', [classificationId], source, treeCompany)) !== 1) throw badRequest(DOC_TEXT.classificationMissing);
    const tagIds = idList(b.fileLabelId ?? b.tagIds);
    if ((await this.repo.countInTree('doc_tag', tagIds, source, treeCompany)) !== tagIds.length) throw badRequest(DOC_TEXT.tagMissing);
    // The original spells the black list `backList`.
    const blackList = source === DOC_SOURCE.share ? idList(b.backList ?? b.blackList) : [];
    if (blackList.length) {
      const n = await this.ctx.db.selectFrom('sys_company').select((eb) => eb.fn.countAll<string>().as('c')).where('id', 'in', blackList).executeTakeFirstOrThrow();
      if (Number(n.c) !== blackList.length) throw badRequest('所选不可见企业不存在');
    }
    const file = parseId(fileId, DOC_TEXT.fileRequired);
    // Putting a file in a library lends it to the library's readers: only a file the saver may read.
    if (file !== old?.file_id && (await unreadableFileIds(this.ctx, auth, [file])).length) throw badRequest(DOC_TEXT.notFound);
    const row = await this.ctx.db.selectFrom('sys_file').select(['original_name', 'size']).where('id', '=', file).executeTakeFirst();
    if (!row) throw badRequest(DOC_TEXT.notFound);
    if (Number(row.size) > DOC_FILE_MAX_MB * MB) throw badRequest(DOC_TEXT.fileTooLarge);
    return this.ctx.db.transaction().execute(async (trx) => {
      const entryId = await this.repo.save(trx, old?.id ?? null, {
        source, fileId: file, originalName: row.original_name, fileType: docFileType(row.original_name),
        companyId, ownerId: auth.userId, classificationId, tagIds, blackList,
      });
      await detachFileRefs(trx, { formId: 0, recordId: entryId, subKey: docFileRef(source) });
      await attachFileRefs(trx, { formId: 0, recordId: entryId, subKey: docFileRef(source), fileIds: [file] });
      return entryId;
    });
  }

  async remove(auth: AuthContext, raw: unknown): Promise<void> {
    const ids = idList(raw);
    if (!ids.length) throw badRequest(DOC_TEXT.deleteNone);
    const entries: DocEntryRow[] = [];
    for (const id of ids) entries.push(await this.managed(auth, id));
    await this.ctx.db.transaction().execute(async (trx) => {
      for (const e of entries) await detachFileRefs(trx, { formId: 0, recordId: e.id, subKey: docFileRef(e.source) });
      await this.repo.deleteMany(trx, ids);
    });
  }

  /** queryFileTenantBlackLisByFileId: a shared entry's 不可见企业, for its edit dialog. */
  async blackList(auth: AuthContext, rawFileId: unknown, rawEntryId: unknown) {
    const entryId = optionalId(rawEntryId);
    const e = entryId ? await this.repo.get(this.ctx.db, entryId) : await this.repo.byFileId(parseId(rawFileId), DOC_SOURCE.share);
    if (!e || e.source !== DOC_SOURCE.share) throw notFound(DOC_TEXT.notFound);
    await this.managed(auth, e.id);
    return (await this.repo.blackList(e.id)).map((c) => ({ tenantId: Number(c.id), tenantName: c.company_name }));
  }
}

declare module '../../context.ts' {
  interface AppContext {
    docs: DocService;
  }
}
