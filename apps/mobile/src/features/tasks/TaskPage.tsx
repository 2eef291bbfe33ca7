import { NavBar } from 'antd-mobile';

/** Skeleton: built next (issue 37, mshell). */
export function TaskPage() {
  return (
    <div className="m-page">
      <NavBar back={null}>审批</NavBar>
    </div>
  );
}
