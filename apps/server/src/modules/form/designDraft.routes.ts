import type { FastifyInstance } from 'fastify';
import { Type, type Static } from '@fastify/type-provider-typebox';
import { parseFormMeta } from '@park/core';
import type { AppContext } from '../../context.ts';
import { authOf } from '../../plugins/auth.ts';
import { AppError, badRequest, notFound } from '../../plugins/errors.ts';
import { FORM_DESIGN_PERMISSION } from './permissions.ts';
import { parseFormId } from './tableNames.ts';
import { deleteDraft, readDraft, writeDraft } from './designDraft.repo.ts';

const DraftBody = Type.Object({ formMeta: Type.Unknown() });

/** The same bound as a published design: a draft is a design that has not been checked yet. */
const MAX_DRAFT_BYTES = 2 * 1024 * 1024;

/**
 * The designer's draft of form N for the signed-in user (issue 26): GET offers it back, POST
 * autosaves it, POST …/discard drops it (the app's one HTTP client speaks GET and POST). A draft is only parsed, not validated: unfinished work may
 * still have design problems, and 发布 checks it in full. 发布 removes the publisher's draft.
 */
export function designDraftRoutes(app: FastifyInstance, ctx: AppContext): void {
  const config = { permission: FORM_DESIGN_PERMISSION };
  const formIdOf = (params: unknown) => parseFormId((params as { formId: string }).formId);

  app.get('/api/form/design/:formId/draft', { config }, async (request) => {
    const draft = await readDraft(ctx.db, formIdOf(request.params), authOf(request).userId);
    if (!draft) return { errCode: 0, draft: null };
    const parsed = parseFormMeta(draft.formMeta);
    return {
      errCode: 0,
      draft: parsed.ok ? { formMeta: parsed.meta, baseVersion: draft.baseVersion, updateTime: draft.updateTime.toISOString() } : null,
    };
  });

  app.post('/api/form/design/:formId/draft', { config, schema: { body: DraftBody } }, async (request) => {
    const formId = formIdOf(request.params);
    const parsed = parseFormMeta((request.body as Static<typeof DraftBody>).formMeta);
    if (!parsed.ok) throw badRequest(parsed.message);
    const text = JSON.stringify(parsed.meta);
    if (text.length > MAX_DRAFT_BYTES) throw new AppError(413, '表单设计过大');
    if (!(await writeDraft(ctx.db, formId, authOf(request).userId, text))) throw notFound('表单不存在');
    return { errCode: 0 };
  });

  app.post('/api/form/design/:formId/draft/discard', { config }, async (request) => {
    await deleteDraft(ctx.db, formIdOf(request.params), authOf(request).userId);
    return { errCode: 0 };
  });
}
