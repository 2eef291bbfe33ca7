import { TabBar } from '../lib/firstUi.ts';
import { AppOutline, MessageOutline, UnorderedListOutline, UserOutline } from 'antd-mobile-icons';
import { useLocation, useNavigate } from 'react-router';
import { badgeContent, useCounter } from '../features/counters/counters.ts';

const TABS = [
  { key: '/', title: '工作台', icon: <AppOutline />, counter: null },
  { key: '/tasks', title: '待办', icon: <UnorderedListOutline />, counter: 'waitDone' },
  { key: '/messages', title: '消息', icon: <MessageOutline />, counter: 'msg' },
  { key: '/me', title: '我的', icon: <UserOutline />, counter: null },
] as const;

/** 工作台 / 待办 / 消息 / 我的: shown on those four pages only; a form or a task page fills the screen. */
export function MainTabBar() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const shown = TABS.some((t) => t.key === pathname);
  // Hidden on a form or a task page: its counters are not asked there, where every request on a
  // phone's network competes with the page's own (a form list's first load asked 待办 for nothing).
  const waitDone = useCounter('waitDone', shown);
  const msg = useCounter('msg', shown);
  const counts = { waitDone, msg };
  if (!shown) return null;
  return (
    <nav className="m-tabbar" aria-label="主导航">
      <TabBar activeKey={pathname} onChange={(key) => void navigate(key)} safeArea>
        {TABS.map((t) => (
          <TabBar.Item key={t.key} title={t.title} icon={t.icon} badge={t.counter ? badgeContent(counts[t.counter]) : null} />
        ))}
      </TabBar>
    </nav>
  );
}
