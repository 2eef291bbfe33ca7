import { useState } from 'react';
import { Alert, App } from 'antd';
import { ADMIN_TEXT } from '@park/core';
import { ListPage } from '../../../lib/ListPage.tsx';
import { PasswordChangeForm } from './PasswordChangeForm.tsx';
import '../system.css';

/** My password (issue 5 §2). */
export function ChangePasswordPage() {
  const { message } = App.useApp();
  const [done, setDone] = useState(false);
  return (
    <ListPage title="修改密码">
      {done && <Alert type="success" showIcon className="password-done" title="密码已修改。您在其他设备或浏览器上的登录已全部退出。" style={{ marginBottom: 16, maxWidth: 460 }} />}
      <PasswordChangeForm
        onChanged={() => {
          setDone(true);
          void message.success(ADMIN_TEXT.saved);
        }}
      />
    </ListPage>
  );
}
