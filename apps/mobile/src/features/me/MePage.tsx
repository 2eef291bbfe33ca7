import { useState } from 'react';
import { Avatar, Dialog, List, NavBar, Popup, Toast } from 'antd-mobile';
import { BellOutline, LockOutline, SystemQRcodeOutline, TeamOutline } from 'antd-mobile-icons';
import { BASE_PATH, LOGOUT_CONFIRM, LOGOUT_FAILED, MOBILE_BASE_PATH } from '@park/core';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useSession } from '../../lib/session.tsx';
import { logout } from '../../lib/accountApi.ts';
import { forgetCachedData } from '../../lib/swCache.ts';
import { ALARM_COMPONENT, BOOK_COMPONENT, useMenuComponents } from '../../lib/menus.ts';
import { PasswordForm } from '../login/PasswordForm.tsx';
import './me.css';

/** 我的: who is signed in, 修改密码, 园区报警 for those who may see it, the desktop, 退出登录. */
export function MePage() {
  const { user } = useSession();
  const navigate = useNavigate();
  const client = useQueryClient();
  const [changing, setChanging] = useState(false);
  const menus = useMenuComponents();
  const canSeeAlarms = menus?.has(ALARM_COMPONENT) ?? false;
  const canSeeBook = menus?.has(BOOK_COMPONENT) ?? false;
  const name = user.realName || user.username;
  const onLogout = async () => {
    if (!(await Dialog.confirm({ title: '提示', content: LOGOUT_CONFIRM, confirmText: '确定', cancelText: '取消' }))) return;
    try {
      await logout();
      client.clear();
      await forgetCachedData();
      window.location.assign(`${MOBILE_BASE_PATH}/login`);
    } catch {
      Toast.show({ icon: 'fail', content: LOGOUT_FAILED });
    }
  };
  return (
    <div className="m-page" data-testid="me-page">
      <NavBar back={null} className="m-navbar">
        我的
      </NavBar>
      <div className="m-me-card">
        <Avatar src="" fallback={<span className="m-me-avatar">{Array.from(name)[0]}</span>} style={{ '--size': '56px', '--border-radius': '50%' }} />
        <div>
          <div className="m-me-name">{name}</div>
          <div className="m-me-sub">账号：{user.username}</div>
          {user.orgList.length > 0 && <div className="m-me-sub">部门：{user.orgList.map((o) => o.orgName).join('、')}</div>}
          {user.roleList.length > 0 && <div className="m-me-sub">角色：{user.roleList.map((r) => r.roleName).join('、')}</div>}
        </div>
      </div>
      <List mode="card">
        {canSeeAlarms && (
          <List.Item prefix={<BellOutline />} onClick={() => void navigate('/alarms')}>
            园区报警
          </List.Item>
        )}
        {canSeeBook && (
          <List.Item prefix={<TeamOutline />} onClick={() => void navigate('/book')}>
            通讯录
          </List.Item>
        )}
        <List.Item prefix={<LockOutline />} onClick={() => setChanging(true)}>
          修改密码
        </List.Item>
        <List.Item prefix={<SystemQRcodeOutline />} onClick={() => window.location.assign(`${BASE_PATH}/`)}>
          切换到电脑版
        </List.Item>
      </List>
      <List mode="card">
        <List.Item onClick={() => void onLogout()} arrowIcon={false} className="m-me-logout">
          退出登录
        </List.Item>
      </List>
      <Popup visible={changing} onMaskClick={() => setChanging(false)} bodyStyle={{ borderTopLeftRadius: 12, borderTopRightRadius: 12, maxHeight: '90vh', overflowY: 'auto' }}>
        <div className="m-sheet-title" style={{ paddingTop: 16 }}>
          修改密码
        </div>
        <PasswordForm
          onChanged={() => {
            setChanging(false);
            Toast.show({ icon: 'success', content: '密码已修改' });
          }}
        />
      </Popup>
    </div>
  );
}
