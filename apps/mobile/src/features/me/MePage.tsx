import { NavBar } from 'antd-mobile';

/** Skeleton: built next (issue 37, mshell). */
export function MePage() {
  return (
    <div className="m-page">
      <NavBar back={null}>我的</NavBar>
    </div>
  );
}
