import { useState } from 'react';
import { Alert, App, Button, Card, Col, Form, Input, Radio, Row } from 'antd';
import { useNavigate } from 'react-router';
import {
  checkPasswordConfirm,
  checkRegistrationPassword,
  normalizeCompanyCode,
  REGISTRATION_TEXT,
  type RegistrationPayload,
} from '@park/core';
import { sealPassword } from '../../lib/crypto.ts';
import { errorMessage } from '../../lib/http.ts';
import { Logo } from '../../lib/Logo.tsx';
import { companyRegistered } from '../company/api.ts';
import { CompanyFields, fieldRules, useEconomicTypeName, type CompanyFormValues } from '../company/CompanyFields.tsx';
import '../company/company.css';

interface UserFormValues {
  userName: string;
  ps: string;
  ps1: string;
  realName: string;
  sex: string;
  jobs: string;
  phone: string;
  officePhone?: string;
  email?: string;
}

const trimmed = (v: string | undefined | null) => (v ?? '').trim();

/**
 * 企业注册 (spec 000 §2–§5; issue 6): public, outside the shell. Two forms (company, user), every
 * required message on blur, a confirmation, then the sealed passwords and the register call.
 * The login account is the organisation code, so 用户名 follows it and cannot be typed apart.
 */
export function CompanyRegisterPage() {
  const { modal, notification } = App.useApp();
  const navigate = useNavigate();
  const [companyForm] = Form.useForm<CompanyFormValues>();
  const [userForm] = Form.useForm<UserFormValues>();
  const [submitting, setSubmitting] = useState(false);
  const economicTypeName = useEconomicTypeName();

  const send = async () => {
    const c = companyForm.getFieldsValue(true) as CompanyFormValues;
    const u = userForm.getFieldsValue(true) as UserFormValues;
    setSubmitting(true);
    try {
      const [ps, ps1] = [await sealPassword(u.ps, { silent: true }), await sealPassword(u.ps1, { silent: true })];
      const payload: RegistrationPayload = {
        companyInfo: {
          companyName: trimmed(c.companyName),
          administrativeAreaCode: trimmed(c.administrativeAreaCode),
          administrativeAreaName: trimmed(c.administrativeAreaName),
          address: trimmed(c.address),
          lat: trimmed(c.lat) || null,
          lnt: trimmed(c.lnt) || null,
          industryCode: trimmed(c.industryCode),
          industryName: trimmed(c.industryName),
          industyType: trimmed(c.industyType),
          economicTypeCode: c.economicTypeCode || null,
          economicTypeName: economicTypeName(c.economicTypeCode) || null,
          companyCode: normalizeCompanyCode(c.companyCode ?? ''),
        },
        user: {
          userName: normalizeCompanyCode(u.userName ?? ''),
          ps,
          ps1,
          realName: trimmed(u.realName),
          sex: u.sex,
          jobs: trimmed(u.jobs),
          phone: trimmed(u.phone),
          officePhone: trimmed(u.officePhone) || null,
          email: trimmed(u.email) || null,
        },
      };
      await companyRegistered(payload);
      notification.success({ title: REGISTRATION_TEXT.successTitle, description: REGISTRATION_TEXT.success, duration: 8 });
      companyForm.resetFields();
      userForm.resetFields();
      // The site root; for a visitor, without a session, that is the login page.
      await navigate('/login', { replace: true });
    } catch (e) {
      // The form keeps everything typed, so the visitor corrects and submits again.
      notification.error({ title: REGISTRATION_TEXT.failTitle, description: errorMessage(e, REGISTRATION_TEXT.fail) });
    } finally {
      setSubmitting(false);
    }
  };

  const submit = async () => {
    // Both forms are checked (spec 000 §4), so every problem shows at once.
    const results = await Promise.allSettled([companyForm.validateFields(), userForm.validateFields()]);
    if (results.some((r) => r.status === 'rejected')) {
      const first = document.querySelector('.company-register-card .ant-form-item-has-error');
      first?.scrollIntoView({ behavior: 'smooth', block: 'center' });
      return;
    }
    modal.confirm({
      title: REGISTRATION_TEXT.confirm,
      content: '提交后将由系统管理员审核，审核结果以短信通知。',
      okText: '确定',
      cancelText: '取消',
      onOk: () => void send(),
    });
  };

  return (
    <div className="company-register-page">
      <Card className="company-register-card" variant="borderless">
        <div className="company-register-head">
          <Logo size={44} />
          <div>
            <h1 className="company-register-title">{REGISTRATION_TEXT.title}</h1>
            <p className="company-register-subtitle">封闭园区低代码平台 · 园区入驻企业账号申请</p>
          </div>
        </div>
        <Alert
          className="company-register-notice"
          type="info"
          showIcon
          title="注册须知"
          description={
            <ol data-testid="register-instructions">
              {REGISTRATION_TEXT.instructions.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ol>
          }
        />

        <div className="company-register-section">企业信息</div>
        <Form<CompanyFormValues>
          form={companyForm}
          name="companyInfo"
          layout="vertical"
          validateTrigger="onBlur"
          requiredMark
          onValuesChange={(changed: Partial<CompanyFormValues>) => {
            if ('companyCode' in changed) {
              userForm.setFieldValue('userName', normalizeCompanyCode(changed.companyCode ?? ''));
              if (userForm.isFieldTouched('userName') || userForm.getFieldError('userName').length > 0) {
                void userForm.validateFields(['userName']).catch(() => undefined);
              }
            }
          }}
        >
          <CompanyFields form={companyForm} mode="register" />
        </Form>

        <div className="company-register-section">用户信息</div>
        <Form<UserFormValues>
          form={userForm}
          name="user"
          layout="vertical"
          validateTrigger="onBlur"
          onValuesChange={(changed: Partial<UserFormValues>) => {
            // A changed password re-checks a confirmation already typed.
            if ('ps' in changed && userForm.getFieldValue('ps1')) void userForm.validateFields(['ps1']).catch(() => undefined);
          }}
        >
          <Row gutter={24}>
            <Col span={12}>
              <Form.Item label="用户名" name="userName" required rules={fieldRules('userName')} extra="企业登录账号即组织机构代码，随组织机构代码自动填写">
                <Input readOnly placeholder="填写组织机构代码后自动生成" autoComplete="username" className="chooser-input" />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item label="真实姓名" name="realName" required rules={fieldRules('realName')}>
                <Input maxLength={64} placeholder="请输入真实姓名" />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item
                label="密码"
                name="ps"
                required
                rules={[
                  {
                    validator: async (_r, v: string | undefined) => {
                      const problem = checkRegistrationPassword(v);
                      if (problem) throw new Error(problem);
                    },
                  },
                ]}
                extra="至少6位，须包含数字、大写字母、小写字母和特殊字符"
              >
                <Input.Password maxLength={64} placeholder="请输入密码" autoComplete="new-password" />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item
                label="确认密码"
                name="ps1"
                required
                rules={[
                  ({ getFieldValue }) => ({
                    validator: async (_r, v: string | undefined) => {
                      const problem = checkPasswordConfirm(getFieldValue('ps') as string | undefined, v);
                      if (problem) throw new Error(problem);
                    },
                  }),
                ]}
              >
                <Input.Password maxLength={64} placeholder="请再次输入密码" autoComplete="new-password" />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item label="性别" name="sex" required rules={fieldRules('sex')} validateTrigger={['onBlur', 'onChange']}>
                <Radio.Group
                  options={[
                    { label: '男', value: '0' },
                    { label: '女', value: '1' },
                  ]}
                />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item label="职务" name="jobs" required rules={fieldRules('jobs')}>
                <Input maxLength={64} placeholder="请输入职务" />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item label="手机号码" name="phone" required rules={fieldRules('phone')} extra="审核结果将以短信发送到此号码">
                <Input maxLength={11} placeholder="请输入手机号码" autoComplete="tel" />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item label="办公电话" name="officePhone" rules={fieldRules('officePhone')}>
                <Input maxLength={20} placeholder="如 0555-5312345" />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item label="电子邮箱" name="email" rules={fieldRules('email')}>
                <Input maxLength={100} placeholder="请输入电子邮箱" autoComplete="email" />
              </Form.Item>
            </Col>
          </Row>
        </Form>

        <div className="company-register-actions">
          <Button type="primary" size="large" loading={submitting} onClick={() => void submit()}>
            提交
          </Button>
          <Button size="large" onClick={() => void navigate('/login')}>
            取消
          </Button>
        </div>
      </Card>
    </div>
  );
}
