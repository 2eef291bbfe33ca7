import type { FastifyInstance } from 'fastify';
import { Type, type Static } from '@fastify/type-provider-typebox';
import type { CompanyInfoReply, DescMap } from '@park/core';
import type { AppContext } from '../../context.ts';
import { authOf } from '../../plugins/auth.ts';
import { keysetRows, mapAsync, pageOf, PickerPaging, sendJsonList } from '../lookup/index.ts';
import { companyScopeOf } from '../../plugins/scope.ts';
import { companyBatch, companyOf, countCompanies, encodeCompany, type CompanyListFilter } from './repo.ts';

const CompanyListQuery = Type.Object({
  ...PickerPaging,
  /** The company status; the pickers send type=1 (approved). */
  type: Type.Optional(Type.Union([Type.Literal(''), Type.Literal('0'), Type.Literal('1'), Type.Literal('2'), Type.Literal('3')])),
  companyName: Type.Optional(Type.String({ maxLength: 100 })),
});

export const COMPANY_DESC: DescMap = {
  companyName: '企业名称',
  administrativeAreaName: '行政区划',
  industryName: '行业名称',
  industyType: '行业类别',
  economicTypeName: '经济类型',
  companyCode: '组织机构代码',
};

/** Companies for the company picker (spec 000 §7) and the company of the current user. */
export function companyListRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;

  app.get('/api/company/queryAllCompanyInfo', { schema: { querystring: CompanyListQuery } }, async (request, reply) => {
    const q = request.query as Static<typeof CompanyListQuery>;
    const filter: CompanyListFilter = {
      status: q.type || undefined,
      companyName: q.companyName?.trim() || undefined,
      companyId: companyScopeOf(authOf(request)),
    };
    const totalCount = await countCompanies(db, filter);
    const rows = mapAsync(keysetRows((k) => companyBatch(db, filter, k), pageOf(q)), encodeCompany);
    return sendJsonList(reply, { errCode: 0, totalCount, desc: COMPANY_DESC }, 'datas', rows);
  });

  app.get('/api/companyUser/getCompanyInfoByUserId', async (request): Promise<CompanyInfoReply> => {
    const { companyId } = authOf(request).user;
    const company = companyId === null ? undefined : await companyOf(db, String(companyId));
    return { errCode: 0, companyInfo: company ? { id: Number(company.id), companyName: company.company_name } : null };
  });
}
