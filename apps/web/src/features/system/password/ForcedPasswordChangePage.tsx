import { Alert, App } from 'antd';
import { useSearchParams } from 'react-router';
import { BASE_PATH } from '@park/core';
import { Logo } from '../../../lib/Logo.tsx';
import { safeRedirect } from '../../../lib/redirect.ts';
import { PasswordChangeForm } from './PasswordChangeForm.tsx';
import '../system.css';

/**
 * The first login with a generated password (a new account, a reset; issue 42): the server answers
 * nothing else until it is changed, so this page stands outside the shell and, once the password
 * is changed, boots the app afresh at the page the user was going to.
 */
export function ForcedPasswordChangePage() {
  const { message } = App.useApp();
  const [params] = useSearchParams();
  const target = safeRedirect(params.get('redirect'));
  return (
    <main className="forced-password-page">
      <div className="forced-password-card">
        <div className="forced-password-brand">
          <Logo size={40} />
          <h1>修改初始密码</h1>
        </div>
        <Alert type="info" showIcon title="您的密码由系统生成，请先设置新密码，再使用平台。" style={{ marginBottom: 16 }} />
        <PasswordChangeForm
          oldLabel="初始密码"
          submitText="修改并进入"
          onChanged={() => {
            void message.success('密码已修改');
            window.location.assign(`${BASE_PATH}${target === '/' ? '/' : target}`);
          }}
        />
      </div>
    </main>
  );
}
