import type { ControlType } from '@park/core';
import { expect } from 'vitest';
import {
  COMPANIES,
  DICS,
  GOODS,
  ORGS,
  ROLES,
  USERS,
  clickButton,
  dialog,
  editorInput,
  goodsMaps,
  goodsSource,
  multiPicker,
  mv,
  pickInDialog,
  picked,
  single,
  singlePicker,
  type WidgetCase,
  visibleText,
} from '../../../test/widgetKit.tsx';
import { screen, waitFor, within } from '@testing-library/react';

/** current_user: display text, value in, value out. */
const currentUserCase: WidgetCase = {
  control: single,
  stored: picked('1', '系统管理员'),
  display: '系统管理员',
  shown: (view) => {
    expect(editorInput(view).value).toBe('系统管理员');
    expect(editorInput(view).disabled).toBe(true);
  },
  out: { none: 'filled with the signed-in user, never picked' },
};

/** org_select: display text, value in, value out. */
const orgSelectCase: WidgetCase = singlePicker(
  { 'GET /api/user/listOrgTree': ORGS },
  '选择字段',
  ['5', '安全监管科'],
  ['6', '应急管理科'],
  { displayModel: 'tree' },
);

/** user_select: display text, value in, value out. */
const userSelectCase: WidgetCase = singlePicker(
  { 'GET /api/user/listUser': USERS },
  '选择字段',
  ['7', '张三'],
  ['8', '李四'],
  {
    displayModel: 'table',
  },
);

/** company_select: display text, value in, value out. */
const companySelectCase: WidgetCase = singlePicker(
  { 'GET /api/company/queryAllCompanyInfo': COMPANIES },
  '选择字段',
  ['3', '示例化工有限公司'],
  ['4', '园区物流有限公司'],
  { displayModel: 'table' },
);

/** role_select: display text, value in, value out. */
const roleSelectCase: WidgetCase = singlePicker(
  { 'GET /api/user/listRole': ROLES },
  '选择字段',
  ['2', '园区管理员'],
  ['5', '安全员'],
  { displayModel: 'table' },
);

/** dic_select: display text, value in, value out. */
const dicSelectCase: WidgetCase = singlePicker(
  { 'GET /api/user/listDicCatalog': DICS },
  '选择字段',
  ['high', '较大风险'],
  ['major', '重大风险'],
  { displayModel: 'tree' },
  { typeCode: 'risk_level' },
);

/** data_select: display text, value in, value out. */
const dataSelectCase: WidgetCase = {
  ...singlePicker(
    { 'GET /api/form/datasource/table/querydata': GOODS },
    '选择货物字段',
    ['11', '甲醇'],
    ['12', '乙醇'],
    { displayModel: 'table', dataSelectType: '0', maps: goodsMaps },
  ),
  out: {
    // maps: the chosen record's un_no goes into the goods_un control.
    act: async (view) => {
      await pickInDialog(view, '选择货物字段', ['甲醇', '乙醇']);
      expect(view.ctx.setStored).toHaveBeenCalledWith({ goods_un: '1170' });
    },
    stored: picked('12', '乙醇'),
  },
};

/** m_org_select: display text, value in, value out. */
const mOrgSelectCase: WidgetCase = multiPicker(
  { 'GET /api/user/listOrgTree': ORGS },
  '选择字段',
  ['5', '安全监管科'],
  ['6', '应急管理科'],
  { displayModel: 'tree' },
);

/** m_user_select: display text, value in, value out. */
const mUserSelectCase: WidgetCase = multiPicker(
  { 'GET /api/user/listUser': USERS },
  '选择字段',
  ['7', '张三'],
  ['8', '李四'],
  {
    displayModel: 'table',
  },
);

/** m_company_select: display text, value in, value out. */
const mCompanySelectCase: WidgetCase = multiPicker(
  { 'GET /api/company/queryAllCompanyInfo': COMPANIES },
  '选择字段',
  ['3', '示例化工有限公司'],
  ['4', '园区物流有限公司'],
  { displayModel: 'table' },
);

/** m_role_select: display text, value in, value out. */
const mRoleSelectCase: WidgetCase = multiPicker(
  { 'GET /api/user/listRole': ROLES },
  '选择字段',
  ['2', '园区管理员'],
  ['5', '安全员'],
  { displayModel: 'tree' },
);

/** m_dic_select: display text, value in, value out. */
const mDicSelectCase: WidgetCase = multiPicker(
  { 'GET /api/user/listDicCatalog': DICS },
  '选择字段',
  ['high', '较大风险'],
  ['major', '重大风险'],
  { displayModel: 'tree' },
  { typeCode: 'chemical_category' },
);

/** m_data_select: display text, value in, value out. */
const mDataSelectCase: WidgetCase = multiPicker(
  { 'GET /api/form/datasource/table/querydata': GOODS },
  '选择货物字段',
  ['11', '甲醇'],
  ['12', '乙醇'],
  { displayModel: 'table', maps: { ...goodsMaps, mapping: [] } },
);

/** m_data_ref: display text, value in, value out. */
const mDataRefCase: WidgetCase = {
  control: {
    options: {
      dsConf: {
        formId: '9',
        key: 'goods_name',
        columns: goodsSource.columns,
        mapping: {},
        defaultSelect: false,
      },
    },
  },
  stored: { f: mv(['11', '甲醇']) },
  display: '甲醇',
  shown: (view) =>
    expect(visibleText(view.container.querySelector('.ant-select-selection-item'))).toBe('甲醇'),
  http: { 'GET /api/form/queryFormDataForChoose': GOODS },
  out: {
    act: async (view) => {
      await view.user.click(screen.getByRole('button', { name: /^选择/ }));
      const box = await waitFor(() => dialog('选择字段'));
      const row = (await within(box).findByText('乙醇')).closest('tr')!;
      await view.user.click(within(row).getByRole('checkbox'));
      await clickButton(box, view, '确定');
    },
    stored: { f: mv(['11', '甲醇'], ['12', '乙醇']) },
  },
};

/** The picker family's widget cases (display text, value in, value out), collected by test/widgetCases.tsx. */
export const PICKER_CASES = {
  current_user: currentUserCase,
  org_select: orgSelectCase,
  user_select: userSelectCase,
  company_select: companySelectCase,
  role_select: roleSelectCase,
  dic_select: dicSelectCase,
  data_select: dataSelectCase,
  m_org_select: mOrgSelectCase,
  m_user_select: mUserSelectCase,
  m_company_select: mCompanySelectCase,
  m_role_select: mRoleSelectCase,
  m_dic_select: mDicSelectCase,
  m_data_select: mDataSelectCase,
  m_data_ref: mDataRefCase,
} satisfies Partial<Record<ControlType, WidgetCase>>;
