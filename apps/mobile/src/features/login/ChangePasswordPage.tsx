import { NavBar, NoticeBar, Toast } from 'antd-mobile';
import { MOBILE_BASE_PATH } from '@park/core';
import { useSearchParams } from 'react-router';
import { safeRedirect } from '../../lib/paths.ts';
import { PasswordForm } from './PasswordForm.tsx';
import './login.css';

/**
 * The first login with a generated password (issue 42): the server answers nothing else until it
 * is changed, so this page stands outside the layout and then boots the app afresh where the user was going.
 */
export function ChangePasswordPage() {
  const [params] = useSearchParams();
  const target = safeRedirect(params.get('redirect'));
  return (
    <div className="m-page">
      <NavBar back={null}>修改初始密码</NavBar>
      <NoticeBar color="info" content="您的密码由系统生成，请先设置新密码，再使用平台。" wrap />
      <PasswordForm
        oldLabel="初始密码"
        submitText="修改并进入"
        onChanged={() => {
          Toast.show({ icon: 'success', content: '密码已修改' });
          window.location.assign(`${MOBILE_BASE_PATH}${target}`);
        }}
      />
    </div>
  );
}
