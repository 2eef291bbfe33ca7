import { useMemo } from 'react';
import { Dropdown, Tooltip } from 'antd';
import { UserOutlined, LogoutOutlined, KeyOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { TOP_BAR_TITLE, topBarMenus } from '@park/core';
import { useSession } from '../lib/session.tsx';
import { CounterButtons } from './CounterButtons.tsx';
import { Logo } from '../lib/Logo.tsx';
import { ModuleDropdown } from './ModuleDropdown.tsx';
import { MobileQrButton } from './MobileQrButton.tsx';
import { PlatformThemeDropdown } from './PlatformThemeDropdown.tsx';
import { TopMenu } from './TopMenu.tsx';
import { useLogout } from './logout.ts';
import './topBar.css';

export function TopBar() {
  const { user, menus } = useSession();
  const topMenus = useMemo(() => topBarMenus(menus), [menus]);
  const logout = useLogout();
  const navigate = useNavigate();

  return (
    <header className="top-bar" data-testid="top-bar">
      <div className="top-bar-brand">
        {/* The portal's web root, not this app's base path (spec 002 §2 Top bar). */}
        <Tooltip title="返回门户">
          <a href="/" className="top-bar-logo" aria-label="返回门户">
            <Logo />
          </a>
        </Tooltip>
        <span className="top-bar-title">{TOP_BAR_TITLE}</span>
      </div>
      <TopMenu routes={topMenus} />
      <div className="top-bar-actions">
        <CounterButtons />
        <ModuleDropdown />
        <MobileQrButton />
        <PlatformThemeDropdown />
        <Dropdown
          trigger={['click']}
          placement="bottomRight"
          menu={{
            items: [{ key: 'password', icon: <KeyOutlined aria-hidden="true" />, label: '修改密码' }],
            onClick: () => void navigate('/system/password'),
          }}
        >
          <Tooltip title={`${user.username}：个人中心（修改密码）`} placement="left">
            <button type="button" className="top-bar-text-btn top-bar-user">
              <UserOutlined aria-hidden="true" />
              <span className="top-bar-user-name">{user.realName || user.username}</span>
            </button>
          </Tooltip>
        </Dropdown>
        <button type="button" className="top-bar-text-btn" aria-label="退出" onClick={logout}>
          <LogoutOutlined aria-hidden="true" />
          <span>退出</span>
        </button>
      </div>
    </header>
  );
}
