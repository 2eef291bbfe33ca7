import { Button, Card, Result } from 'antd';
import { useNavigate } from 'react-router';
import { Logo } from '../../shell/Logo.tsx';
import '../login/login.css';

/** Public: reachable without login or menus. The registration form itself comes in a later issue. */
export function CompanyRegisterPage() {
  const navigate = useNavigate();
  return (
    <div className="login-page">
      <div className="login-backdrop" aria-hidden="true" />
      <Card className="login-card" variant="borderless" style={{ maxWidth: 520 }}>
        <Result
          icon={<Logo size={56} />}
          title="企业注册"
          subTitle="企业注册页面即将开放，敬请期待"
          extra={
            <Button type="primary" onClick={() => void navigate('/login')}>
              返回登录
            </Button>
          }
        />
      </Card>
    </div>
  );
}
