import { useEffect, useState } from 'react';
import { Alert, Button, Form, Input } from 'antd';
import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { BASE_PATH, PASSWORD_CHANGE_PATH } from '@park/core';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ApiError, errorMessage } from '../../lib/http.ts';
import { rememberRedirect } from '../../lib/pendingRedirect.ts';
import { forgetSessionCaches } from '../../lib/menuCache.ts';
import { Logo } from '../../lib/Logo.tsx';
import { login } from './api.ts';
import { takeRedirect } from '../../lib/redirect.ts';
import './login.css';

interface LoginValues {
  username: string;
  password: string;
}

export function LoginPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  // errCode 3: the password was right but the company is not approved (issue 6) — a notice, not a fault.
  const [companyRefusal, setCompanyRefusal] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const redirect = params.get('redirect');

  useEffect(() => rememberRedirect(redirect), [redirect]);

  const onFinish = async ({ username, password }: LoginValues) => {
    setSubmitting(true);
    setError(null);
    try {
      const reply = await login(username.trim(), password);
      // A new session: nothing cached for the previous user may leak into it.
      forgetSessionCaches();
      queryClient.clear();
      const target = takeRedirect(redirect);
      // A generated password: changed first, then on to where the user was going (issue 42).
      if (reply.mustChangePassword) await navigate(`${PASSWORD_CHANGE_PATH}?redirect=${encodeURIComponent(target)}`, { replace: true });
      // A sub-system's single sign-on waits on the server (the OIDC interaction), outside the app's router.
      else if (target.startsWith('/oidc/')) window.location.assign(`${BASE_PATH}${target}`);
      else await navigate(target, { replace: true });
    } catch (e) {
      setCompanyRefusal(e instanceof ApiError && e.status === 403 && e.errCode === 3);
      setError(errorMessage(e, '登录失败，请稍后重试'));
      setSubmitting(false);
    }
  };

  return (
    <div className="login-page">
      <div className="login-backdrop" aria-hidden="true" />
      <main className="login-card">
        <div className="login-brand">
          <Logo size={48} />
          <h1 className="login-title">封闭园区低代码平台</h1>
          <p className="login-subtitle">登录</p>
        </div>
        {error && <Alert type={companyRefusal ? 'warning' : 'error'} showIcon title={error} className="login-error" data-testid="login-error" />}
        <Form<LoginValues>
          name="login"
          layout="vertical"
          size="large"
          requiredMark={false}
          autoComplete="on"
          onFinish={(values) => void onFinish(values)}
          onValuesChange={() => error && setError(null)}
        >
          <Form.Item
            label="用户名"
            name="username"
            rules={[{ required: true, whitespace: true, message: '请输入用户名' }]}
          >
            <Input
              prefix={<UserOutlined aria-hidden="true" />}
              placeholder="请输入用户名"
              autoComplete="username"
            />
          </Form.Item>
          <Form.Item label="密码" name="password" rules={[{ required: true, message: '请输入密码' }]}>
            <Input.Password
              prefix={<LockOutlined aria-hidden="true" />}
              placeholder="请输入密码"
              autoComplete="current-password"
            />
          </Form.Item>
          <Form.Item className="login-submit">
            <Button type="primary" htmlType="submit" block loading={submitting} autoInsertSpace={false}>
              登录
            </Button>
          </Form.Item>
        </Form>
        <p className="login-register">
          园区企业尚无账号？<Link to="/companyRegister">企业注册</Link>
        </p>
      </main>
      <footer className="login-footer">© 封闭园区低代码平台 · 园区安全生产与运营管理</footer>
    </div>
  );
}
