import { Button, Result } from 'antd';
import { isRouteErrorResponse, useRouteError } from 'react-router';

/**
 * A page that failed to render or whose chunk failed to load (typically after a redeploy while
 * the tab stayed open). Reloading fetches the current build.
 */
export function RouteError() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : undefined;
  return (
    <div className="boot-spin">
      <Result
        status="error"
        title="页面加载失败"
        subTitle={detail ? `请刷新页面后重试（${detail}）` : '请刷新页面后重试'}
        extra={
          <Button type="primary" onClick={() => window.location.reload()}>
            刷新页面
          </Button>
        }
      />
    </div>
  );
}
