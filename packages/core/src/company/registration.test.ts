import { describe, expect, it } from 'vitest';
import {
  checkPasswordConfirm,
  checkRegistrationField,
  checkRegistrationPassword,
  checkUserNameMatchesCode,
  normalizeCompanyCode,
  REGISTRATION_TEXT,
  validateRegistration,
} from './registration.ts';
import { companyLoginRefusal, COMPANY_LOGIN_TEXT } from './status.ts';
import { PASSWORD_RULE_MESSAGE } from '../auth/passwordRule.ts';

describe('registration rules', () => {
  it('gives each required field its message, and leaves office phone and e-mail optional', () => {
    expect(checkRegistrationField('companyName', '  ')).toBe('请输入企业名称');
    expect(checkRegistrationField('jobs', undefined)).toBe('请输入职务');
    expect(checkRegistrationField('officePhone', '')).toBeNull();
    expect(checkRegistrationField('email', '')).toBeNull();
    expect(checkRegistrationField('economicTypeName', '')).toBeNull();
  });

  it('checks formats: organisation code, mobile, office phone, e-mail, sex, length', () => {
    expect(checkRegistrationField('companyCode', '91340500MA2DEMO01X')).toBeNull();
    expect(checkRegistrationField('companyCode', '91340500ma2demo01x')).toBeNull();
    expect(checkRegistrationField('companyCode', '12345678-9')).toBeNull();
    expect(checkRegistrationField('companyCode', '1234')).toMatch(/组织机构代码应为/);
    expect(checkRegistrationField('phone', '13800138000')).toBeNull();
    expect(checkRegistrationField('phone', '1380013800')).toBe('请输入正确的手机号码');
    expect(checkRegistrationField('officePhone', '0555-5312345')).toBeNull();
    expect(checkRegistrationField('officePhone', 'abc')).toMatch(/办公电话/);
    expect(checkRegistrationField('email', 'a@b')).toBe('请输入正确的电子邮箱');
    expect(checkRegistrationField('sex', '2')).toBe('性别不合法');
    expect(checkRegistrationField('companyName', 'x'.repeat(101))).toBe('企业名称不能超过100个字符');
    expect(normalizeCompanyCode(' 91abc ')).toBe('91ABC');
  });

  it('checks the password rule, the confirmation and the account', () => {
    expect(checkRegistrationPassword('')).toBe('请输入密码');
    expect(checkRegistrationPassword('abc123')).toBe(PASSWORD_RULE_MESSAGE);
    expect(checkRegistrationPassword('Abc@123')).toBeNull();
    expect(checkPasswordConfirm('Abc@123', '')).toBe('请再次输入密码');
    expect(checkPasswordConfirm('Abc@123', 'Abc@124')).toBe('两次输入的密码不一致,请重新输入');
    expect(checkUserNameMatchesCode('91340500ma2demo01x', '91340500MA2DEMO01X')).toBeNull();
    expect(checkUserNameMatchesCode('zhang', '91340500MA2DEMO01X')).toBe(REGISTRATION_TEXT.userNameMismatch);
  });

  it('lists every problem of an empty payload in the page order', () => {
    const problems = validateRegistration({}, {}, { ps: null, ps1: null });
    expect(problems.map((p) => p.field)).toEqual([
      'companyName',
      'administrativeAreaName',
      'address',
      'industryName',
      'industyType',
      'companyCode',
      'userName',
      'realName',
      'sex',
      'jobs',
      'phone',
      'ps',
      'ps1',
    ]);
  });

  it('tells a company user why they may not log in', () => {
    expect(companyLoginRefusal('1', null)).toBeNull();
    expect(companyLoginRefusal('0', null)).toBe(COMPANY_LOGIN_TEXT.pending);
    expect(companyLoginRefusal('2', '资料不全')).toBe('企业注册审核不通过，原因：资料不全；可修改注册信息后用同一组织机构代码重新注册');
    expect(companyLoginRefusal('2', null)).toContain('审核不通过');
    expect(companyLoginRefusal('3', null)).toContain('已作废');
  });
});
