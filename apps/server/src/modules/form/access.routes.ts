import type { FastifyInstance } from 'fastify';
import { Type, type Static } from '@fastify/type-provider-typebox';
import type { FormActionsReply } from '@park/core';
import { authOf } from '../../plugins/auth.ts';
import { formActionsOf } from './recordAccess.ts';
import { parseFormId } from './tableNames.ts';

const FormIdParams = Type.Object({ formId: Type.String({ maxLength: 20 }) });

/**
 * What the caller may do with a form's records, for the list page to show only those buttons.
 * Hiding a button is a courtesy; every record call checks the same permission itself.
 */
export function formAccessRoutes(app: FastifyInstance): void {
  app.get('/api/form/formActions/:formId', { schema: { params: FormIdParams } }, async (request): Promise<FormActionsReply> => {
    const formId = parseFormId((request.params as Static<typeof FormIdParams>).formId);
    return { errCode: 0, actions: formActionsOf(authOf(request), formId) };
  });
}
