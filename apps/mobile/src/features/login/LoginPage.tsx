import { NavBar } from 'antd-mobile';

/** Skeleton: built next (issue 37, mshell). */
export function LoginPage() {
  return (
    <div className="m-page">
      <NavBar back={null}>登录</NavBar>
    </div>
  );
}
