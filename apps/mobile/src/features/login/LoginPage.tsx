import { useState } from 'react';
import { Button, Form, Input, NoticeBar } from 'antd-mobile';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { ApiError, errorMessage } from '../../lib/http.ts';
import { login } from '../../lib/accountApi.ts';
import { forgetCachedData } from '../../lib/swCache.ts';
import { safeRedirect } from '../../lib/paths.ts';
import { OfflineBanner } from '../../lib/OfflineBanner.tsx';
import './login.css';

interface LoginValues {
  username: string;
  password: string;
}

/** The desktop's login (same call, the sealed password, the same session cookie) laid out for a phone. */
export function LoginPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const [error, setError] = useState<{ text: string; notice: boolean } | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const onFinish = async ({ username, password }: LoginValues) => {
    setSubmitting(true);
    setError(null);
    try {
      const reply = await login(username.trim(), password);
      // A new session: nothing cached for the previous user may leak into it.
      queryClient.clear();
      await forgetCachedData();
      const target = safeRedirect(params.get('redirect'));
      // A generated password: changed first, then on to where the user was going (issue 42).
      if (reply.mustChangePassword) await navigate(`/changePassword?redirect=${encodeURIComponent(target)}`, { replace: true });
      else await navigate(target, { replace: true });
    } catch (e) {
      // errCode 3: the password was right but the company is not approved (issue 6) — a notice, not a fault.
      setError({ text: errorMessage(e, '登录失败，请稍后重试'), notice: e instanceof ApiError && e.status === 403 && e.errCode === 3 });
      setSubmitting(false);
    }
  };

  return (
    <div className="m-login">
      <OfflineBanner />
      <div className="m-login-brand">
        <svg viewBox="0 0 32 32" width="56" height="56" aria-hidden="true">
          <path d="M16 2 4 7v8c0 7.4 5.1 13.4 12 15 6.9-1.6 12-7.6 12-15V7z" fill="#1d4ed8" />
          <path d="M10 22v-7l4 3v-3l4 3V11h3v11z" fill="#fff" />
        </svg>
        <h1>封闭园区</h1>
        <p>移动工作台</p>
      </div>
      {error &&
        (error.notice ? (
          <NoticeBar color="alert" content={error.text} wrap />
        ) : (
          <div className="m-login-error" role="alert" data-testid="login-error">
            {error.text}
          </div>
        ))}
      <Form
        layout="horizontal"
        mode="card"
        onFinish={(v: LoginValues) => void onFinish(v)}
        onValuesChange={() => error && setError(null)}
        footer={
          <Button block type="submit" color="primary" size="large" loading={submitting}>
            登录
          </Button>
        }
      >
        <Form.Item label="用户名" name="username" rules={[{ required: true, whitespace: true, message: '请输入用户名' }]}>
          <Input placeholder="请输入用户名" autoComplete="username" clearable />
        </Form.Item>
        <Form.Item label="密码" name="password" rules={[{ required: true, message: '请输入密码' }]}>
          <Input type="password" placeholder="请输入密码" autoComplete="current-password" clearable />
        </Form.Item>
      </Form>
      <p className="m-login-footer">© 封闭园区低代码平台 · 园区安全生产与运营管理</p>
    </div>
  );
}

