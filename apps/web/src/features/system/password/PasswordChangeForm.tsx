import { useState } from 'react';
import { Button, Form, Input } from 'antd';
import { ADMIN_TEXT, meetsPasswordRule, PASSWORD_RULE_MESSAGE } from '@park/core';
import { sealPassword } from '../../../lib/crypto.ts';
import { notifyError } from '../../../lib/feedback.ts';
import { ApiError } from '../../../lib/http.ts';
import { checkCurrentPwd, updateCurrentPwd } from '../api.ts';

interface PasswordValues {
  oldPassword: string;
  newPassword: string;
  confirm: string;
}

/**
 * 原密码, 新密码 (the platform's password rule, checked again by the server) and 确认新密码; both
 * passwords are sealed before they leave the browser. Used by 修改密码 and by the first login's
 * forced change (issue 42).
 */
export function PasswordChangeForm({ oldLabel = '原密码', submitText = '保存', onChanged }: { oldLabel?: string; submitText?: string; onChanged(): void }) {
  const [form] = Form.useForm<PasswordValues>();
  const [saving, setSaving] = useState(false);

  const onFinish = async (v: PasswordValues) => {
    setSaving(true);
    try {
      // Check the old one first, so a mistake is shown on its own field.
      if (!(await checkCurrentPwd(await sealPassword(v.oldPassword)))) {
        form.setFields([{ name: 'oldPassword', errors: [ADMIN_TEXT.oldPasswordWrong] }]);
        return;
      }
      // Each sealed envelope is accepted once, so both are sealed afresh.
      await updateCurrentPwd(await sealPassword(v.oldPassword), await sealPassword(v.newPassword), { silent: true });
      form.resetFields();
      onChanged();
    } catch (e) {
      if (e instanceof ApiError && (e.kind === 'api' || e.kind === 'http')) {
        // The server's reason goes next to the field it is about.
        const field = e.errMsg === ADMIN_TEXT.oldPasswordWrong || e.status === 429 ? 'oldPassword' : 'newPassword';
        form.setFields([{ name: field, errors: [e.errMsg] }]);
      } else if (e instanceof ApiError && e.kind !== 'aborted') notifyError(e.errMsg);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Form<PasswordValues> form={form} name="changePassword" layout="vertical" className="password-form" onFinish={(v) => void onFinish(v)} requiredMark={false}>
      <Form.Item label={oldLabel} name="oldPassword" rules={[{ required: true, message: `请输入${oldLabel}` }]}>
        <Input.Password autoComplete="current-password" />
      </Form.Item>
      <Form.Item
        label="新密码"
        name="newPassword"
        extra={PASSWORD_RULE_MESSAGE}
        rules={[
          { required: true, message: '请输入新密码' },
          { validator: async (_r, value: string) => (!value || meetsPasswordRule(value) ? undefined : Promise.reject(new Error(PASSWORD_RULE_MESSAGE))) },
          ({ getFieldValue }) => ({
            validator: async (_r, value: string) =>
              !value || value !== getFieldValue('oldPassword') ? undefined : Promise.reject(new Error(ADMIN_TEXT.samePassword)),
          }),
        ]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        label="确认新密码"
        name="confirm"
        dependencies={['newPassword']}
        rules={[
          { required: true, message: '请再次输入新密码' },
          ({ getFieldValue }) => ({
            validator: async (_r, value: string) =>
              !value || value === getFieldValue('newPassword') ? undefined : Promise.reject(new Error('两次输入的新密码不一致')),
          }),
        ]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item>
        <Button type="primary" htmlType="submit" loading={saving}>
          {submitText}
        </Button>
      </Form.Item>
    </Form>
  );
}
