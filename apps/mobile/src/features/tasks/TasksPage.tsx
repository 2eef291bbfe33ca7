import { NavBar } from 'antd-mobile';

/** Skeleton: built next (issue 37, mshell). */
export function TasksPage() {
  return (
    <div className="m-page">
      <NavBar back={null}>待办</NavBar>
    </div>
  );
}
