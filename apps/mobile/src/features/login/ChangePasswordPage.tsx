import { NavBar } from 'antd-mobile';

/** Skeleton: built next (issue 37, mshell). */
export function ChangePasswordPage() {
  return (
    <div className="m-page">
      <NavBar back={null}>修改密码</NavBar>
    </div>
  );
}
