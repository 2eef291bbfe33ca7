import type { AppContext } from '../../context.ts';
import type { AuthContext } from '../../plugins/authContext.ts';
import { notFound } from '../../plugins/errors.ts';
import { installedFormIds } from '../apppackage/index.ts';
import { entryCodes, renderQrSheet, sheetOf } from '../qrCode/index.ts';
import { INSPECTION_APP } from './missed.ts';

/*
 * 专项服务 › 巡检点二维码 (issue 41): the 新增 codes of 巡检记录 (one per checkpoint, each presetting
 * it) for whoever hangs them up, without the form designer's right that 二维码设置 needs. The codes
 * and the sheet are 二维码设置's own (modules/qrCode); this only finds the application's form.
 */

async function recordForm(ctx: AppContext): Promise<string> {
  const id = (await installedFormIds(ctx.db, INSPECTION_APP.code)).get(INSPECTION_APP.record);
  if (!id) throw notFound('巡检应用未安装');
  return id;
}

export async function checkpointCodes(ctx: AppContext, auth: AuthContext) {
  const formId = await recordForm(ctx);
  const codes = (await entryCodes(ctx, auth, formId)).filter((c) => c.kind === 'add' && c.isShow && !c.anonymous);
  return { formId: Number(formId), codes: codes.map((c) => ({ name: c.name, url: c.url })) };
}

export async function checkpointSheet(ctx: AppContext, auth: AuthContext, origin: string): Promise<{ fileName: string; pdf: Buffer }> {
  const formId = await recordForm(ctx);
  const { formName, labels } = await sheetOf(ctx, auth, formId, origin, { kind: 'add' });
  return { fileName: `${formName}巡检点二维码.pdf`, pdf: await renderQrSheet(ctx, formName, labels) };
}
