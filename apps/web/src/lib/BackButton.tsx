import { Button } from 'antd';
import { ArrowLeftOutlined, CloseOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { insideFrame } from './embedded.ts';

/** react-router keeps the position in its own history entries: idx 0 is where this tab came in. */
function cameFromInsideTheApp(): boolean {
  const state = window.history.state as { idx?: unknown } | null;
  return typeof state?.idx === 'number' && state.idx > 0;
}

/**
 * The way back out of a full page (issue 26: no full page is a dead end). 返回 goes back where the
 * user came from inside the app, or to `fallback` when the page was opened directly (a link, a
 * bookmark); a page another window opened by script offers 关闭 instead. Inside a frame (a jump
 * dialog) the dialog's own close is the way out, so nothing is drawn.
 */
export function BackButton({ fallback }: { fallback: string }) {
  const navigate = useNavigate();
  if (insideFrame()) return null;
  if (!cameFromInsideTheApp() && window.opener) {
    return (
      <Button icon={<CloseOutlined />} onClick={() => window.close()}>
        关闭
      </Button>
    );
  }
  return (
    <Button icon={<ArrowLeftOutlined />} onClick={() => (cameFromInsideTheApp() ? void navigate(-1) : void navigate(fallback))}>
      返回
    </Button>
  );
}
