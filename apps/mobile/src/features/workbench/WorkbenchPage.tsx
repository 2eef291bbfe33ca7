import { NavBar } from 'antd-mobile';

/** Skeleton: built next (issue 37, mshell). */
export function WorkbenchPage() {
  return (
    <div className="m-page">
      <NavBar back={null}>工作台</NavBar>
    </div>
  );
}
