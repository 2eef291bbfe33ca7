import { describe, expect, it } from 'vitest';
import { checkTenantInput, checkTenantText, tenantLocation, TENANT_TEXT } from './rules.ts';

describe('租户信息 rules (screens-round3 §1.1)', () => {
  const valid = {
    tenantName: '示例租户有限公司',
    industry: '精细化工',
    address: '园区大道1号',
    contact: '王主任',
    phone: '13700000001',
    email: 'a@b.cn',
    status: 1,
    proviceCode: '340000',
    cityCode: '340500',
    areaCode: '340523',
  };

  it('gives each field the original message', () => {
    expect(checkTenantInput(valid, false)).toEqual([]);
    expect(checkTenantText('tenantName', ' ')).toBe('租户名称不能为空');
    expect(checkTenantText('industry', '化')).toBe(TENANT_TEXT.lengthMessage);
    expect(checkTenantText('contact', 'x'.repeat(51))).toBe('长度在 2 到 50 个字符');
    const bad = checkTenantInput({ ...valid, phone: '23700000001', email: 'x', areaCode: '' }, false);
    expect(bad).toEqual([
      { field: 'phone', message: '请输入正确的手机号码' },
      { field: 'email', message: '请输入正确的邮箱地址' },
      { field: 'region', message: '所在地信息需填写完整' },
    ]);
    // Editing: the phone is the login and is not checked again.
    expect(checkTenantInput({ ...valid, phone: '' }, true)).toEqual([]);
  });

  it('writes 所在地 as the original, municipalities without their city level', () => {
    expect(tenantLocation('安徽省', '马鞍山市', '和县')).toBe('安徽省马鞍山市和县');
    expect(tenantLocation('北京市', '北京市', '东城区')).toBe('北京市东城区');
    expect(tenantLocation('北京市', '市辖区', '东城区')).toBe('北京市东城区');
  });
});
