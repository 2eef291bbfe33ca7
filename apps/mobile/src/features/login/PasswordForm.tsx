import { useState } from 'react';
import { Button, Form, Input, Toast } from 'antd-mobile';
import { ADMIN_TEXT, meetsPasswordRule, PASSWORD_RULE_MESSAGE } from '@park/core';
import { ApiError } from '../../lib/http.ts';
import { checkCurrentPwd, updateCurrentPwd } from '../../lib/accountApi.ts';

interface PasswordValues {
  oldPassword: string;
  newPassword: string;
  confirm: string;
}

/** 原密码 / 新密码 / 确认新密码 with the desktop's rules and messages (packages/core), checked again by the server. */
export function PasswordForm({ oldLabel = '原密码', submitText = '保存', onChanged }: { oldLabel?: string; submitText?: string; onChanged(): void }) {
  const [form] = Form.useForm<PasswordValues>();
  const [saving, setSaving] = useState(false);
  const onFinish = async (v: PasswordValues) => {
    setSaving(true);
    try {
      if (!(await checkCurrentPwd(v.oldPassword, { silent: true }))) {
        form.setFields([{ name: 'oldPassword', errors: [ADMIN_TEXT.oldPasswordWrong] }]);
        return;
      }
      await updateCurrentPwd(v.oldPassword, v.newPassword, { silent: true });
      form.resetFields();
      onChanged();
    } catch (e) {
      if (e instanceof ApiError && (e.kind === 'api' || e.kind === 'http')) {
        const field = e.errMsg === ADMIN_TEXT.oldPasswordWrong || e.status === 429 ? 'oldPassword' : 'newPassword';
        form.setFields([{ name: field, errors: [e.errMsg] }]);
      } else if (e instanceof ApiError && e.kind !== 'aborted') Toast.show({ icon: 'fail', content: e.errMsg });
    } finally {
      setSaving(false);
    }
  };
  return (
    <Form
      form={form}
      mode="card"
      onFinish={(v: PasswordValues) => void onFinish(v)}
      footer={
        <Button block type="submit" color="primary" size="large" loading={saving}>
          {submitText}
        </Button>
      }
    >
      <Form.Item label={oldLabel} name="oldPassword" rules={[{ required: true, message: `请输入${oldLabel}` }]}>
        <Input type="password" autoComplete="current-password" placeholder={`请输入${oldLabel}`} />
      </Form.Item>
      <Form.Item
        label="新密码"
        name="newPassword"
        help={PASSWORD_RULE_MESSAGE}
        rules={[
          { required: true, message: '请输入新密码' },
          { validator: async (_r, value: string) => (!value || meetsPasswordRule(value) ? undefined : Promise.reject(new Error(PASSWORD_RULE_MESSAGE))) },
          ({ getFieldValue }) => ({ validator: async (_r, value: string) => (!value || value !== getFieldValue('oldPassword') ? undefined : Promise.reject(new Error(ADMIN_TEXT.samePassword))) }),
        ]}
      >
        <Input type="password" autoComplete="new-password" placeholder="请输入新密码" />
      </Form.Item>
      <Form.Item
        label="确认新密码"
        name="confirm"
        dependencies={['newPassword']}
        rules={[
          { required: true, message: '请再次输入新密码' },
          ({ getFieldValue }) => ({ validator: async (_r, value: string) => (!value || value === getFieldValue('newPassword') ? undefined : Promise.reject(new Error('两次输入的新密码不一致'))) }),
        ]}
      >
        <Input type="password" autoComplete="new-password" placeholder="请再次输入新密码" />
      </Form.Item>
    </Form>
  );
}
