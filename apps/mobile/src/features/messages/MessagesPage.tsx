import { NavBar } from 'antd-mobile';

/** Skeleton: built next (issue 37, mshell). */
export function MessagesPage() {
  return (
    <div className="m-page">
      <NavBar back={null}>消息</NavBar>
    </div>
  );
}
