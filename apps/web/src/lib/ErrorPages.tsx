import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';

function BackHomeButton() {
  const navigate = useNavigate();
  return (
    <Button type="primary" onClick={() => navigate('/')}>
      返回首页
    </Button>
  );
}

export function NotFoundPage() {
  return (
    <div className="result-page">
      <Result status="404" title="404" subTitle="抱歉，您访问的页面不存在" extra={<BackHomeButton />} />
    </div>
  );
}

export function ForbiddenPage() {
  return (
    <div className="result-page">
      <Result status="403" title="403" subTitle="抱歉，您无权访问此页面" extra={<BackHomeButton />} />
    </div>
  );
}
