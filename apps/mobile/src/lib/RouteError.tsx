import { Button, ErrorBlock } from './firstUi.ts';
import { useNavigate } from 'react-router';

/** A route that does not exist, or a page that failed to load (often: the network dropped while loading its code). */
export function RouteError({ notFound = false }: { notFound?: boolean }) {
  const navigate = useNavigate();
  return (
    <div className="m-page m-center">
      <ErrorBlock
        status={notFound ? 'empty' : 'default'}
        title={notFound ? '页面不存在' : '页面加载失败'}
        description={notFound ? '您访问的页面不存在' : '请检查网络后重试'}
      >
        <Button color="primary" onClick={() => (notFound ? void navigate('/', { replace: true }) : window.location.reload())}>
          {notFound ? '返回工作台' : '重新加载'}
        </Button>
      </ErrorBlock>
    </div>
  );
}
