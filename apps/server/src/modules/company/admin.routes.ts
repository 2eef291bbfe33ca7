import type { FastifyInstance } from 'fastify';
import { Type, type Static } from '@fastify/type-provider-typebox';
import type { AppContext } from '../../context.ts';
import { authOf } from '../../plugins/auth.ts';
import { Id, IdBody, OptText, str, Text } from '../admin/index.ts';
import { CompanyReviewService } from './review.ts';
import { COMPANY_MODULE } from './register.ts';
import { createSmsSender, type SmsSender } from './sms.ts';
import { CompanyUserService } from './users.ts';

/** The permission of 企业管理 (menu /system/company, component CompanyManage). */
export const COMPANY_PERM = 'system:company';

const call = (action: string, mutates = false) => ({
  permission: COMPANY_PERM,
  audit: { module: COMPANY_MODULE, action },
  ...(mutates ? { mutates: true } : {}),
});

const Status = Type.Union([Type.Literal('0'), Type.Literal('1'), Type.Literal('2'), Type.Literal('3')]);
const Paging = {
  pageNum: Type.Integer({ minimum: 1, default: 1 }),
  pageSize: Type.Integer({ minimum: 1, maximum: 500, default: 10 }),
};
const CheckListQuery = Type.Object({
  ...Paging,
  /** The status; empty for every status. */
  type: Type.Optional(Type.Union([Type.Literal(''), Status])),
  companyName: Type.Optional(Type.String({ maxLength: 100 })),
});
const CheckParams = Type.Object({ id: Id });
const CheckQuery = Type.Object({
  checkStatus: Type.Union([Type.Literal('1'), Type.Literal('2')]),
  reason: Type.Optional(Type.String({ maxLength: 1000 })),
});
const VoidBody = Type.Object({ id: Id, reason: OptText(1000) });
const UpdateCompanyBody = Type.Object({
  id: Id,
  companyName: Text(500),
  administrativeAreaCode: Text(50),
  address: Text(500),
  lat: OptText(50),
  lnt: OptText(50),
  industryCode: Text(100),
  industyType: Text(500),
  economicTypeCode: OptText(100),
});
const UsersQuery = Type.Object({ ...Paging, companyId: Id });
const CompanyUserFields = {
  realName: Text(200),
  sex: OptText(1),
  jobs: OptText(200),
  phone: OptText(20),
  officePhone: OptText(20),
  email: OptText(100),
  userType: Type.Union([Type.Literal(1), Type.Literal(2)]),
};
const AddUserBody = Type.Object({ companyId: Id, username: Text(32), ...CompanyUserFields });
const UpdateUserBody = Type.Object({ id: Id, ...CompanyUserFields });
const UserStatusBody = Type.Object({ id: Id, status: Type.Union([Type.Literal(0), Type.Literal(1)]) });

/**
 * 企业管理 (issue 6; catalogue names from kh.config.json): review, void and edit companies, and
 * manage an approved company's users. Every call needs system:company; every change is logged.
 */
export function companyAdminRoutes(app: FastifyInstance, ctx: AppContext, sms: SmsSender = createSmsSender(ctx.config.sms, app.log)): void {
  const review = new CompanyReviewService(ctx, sms);
  const users = new CompanyUserService(ctx);

  app.get('/api/company/queryAllCheckCompanyInfo', { schema: { querystring: CheckListQuery }, config: { permission: COMPANY_PERM } }, async (request) => {
    const q = request.query as Static<typeof CheckListQuery>;
    const result = await review.list({
      status: q.type || undefined,
      companyName: q.companyName?.trim() || undefined,
      pageNum: q.pageNum,
      pageSize: q.pageSize,
    });
    return { errCode: 0, ...result };
  });

  // A GET that changes data (DESIGN.md §5.1 fixes its shape), so it carries the same guard as a POST.
  app.get(
    '/api/company/checkCompany/:id',
    { schema: { params: CheckParams, querystring: CheckQuery }, config: call('审核企业', true) },
    async (request) => {
      const { id } = request.params as Static<typeof CheckParams>;
      const q = request.query as Static<typeof CheckQuery>;
      await review.check(request, authOf(request).userId, str(id), q.checkStatus, q.reason);
      return { errCode: 0 };
    },
  );

  app.post('/api/company/deleteCompanyInfo', { schema: { body: VoidBody }, config: call('作废企业') }, async (request) => {
    const body = request.body as Static<typeof VoidBody>;
    await review.voidCompany(request, str(body.id), body.reason ?? undefined);
    return { errCode: 0 };
  });

  app.post('/api/company/updateCompanyInfo', { schema: { body: UpdateCompanyBody }, config: call('修改企业信息') }, async (request) => {
    await review.update(request, request.body as Static<typeof UpdateCompanyBody>);
    return { errCode: 0 };
  });

  app.get('/api/company/queryAllUsersByCompanyId', { schema: { querystring: UsersQuery }, config: { permission: COMPANY_PERM } }, async (request) => {
    const q = request.query as Static<typeof UsersQuery>;
    return { errCode: 0, ...(await users.list(str(q.companyId), q.pageNum, q.pageSize)) };
  });

  app.post('/api/company/addCompanyUser', { schema: { body: AddUserBody }, config: call('新增企业用户') }, async (request) => {
    const created = await users.add(request, request.body as Static<typeof AddUserBody>);
    return { errCode: 0, ...created };
  });

  app.post('/api/company/updateCompanyUserInfo', { schema: { body: UpdateUserBody }, config: call('修改企业用户') }, async (request) => {
    await users.update(request, request.body as Static<typeof UpdateUserBody>);
    return { errCode: 0 };
  });

  app.post('/api/company/updateCompanyUserStatus', { schema: { body: UserStatusBody }, config: call('启用/停用企业用户') }, async (request) => {
    const body = request.body as Static<typeof UserStatusBody>;
    await users.setStatus(request, authOf(request), str(body.id), body.status);
    return { errCode: 0 };
  });

  app.post('/api/company/resetCompanyUserPwd', { schema: { body: IdBody }, config: call('重置企业用户密码') }, async (request) => {
    const reset = await users.resetPassword(request, authOf(request), str((request.body as IdBody).id));
    return { errCode: 0, ...reset };
  });
}
