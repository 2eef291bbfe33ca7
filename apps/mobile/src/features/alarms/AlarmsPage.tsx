import { NavBar } from 'antd-mobile';

/** Skeleton: built next (issue 37, mshell). */
export function AlarmsPage() {
  return (
    <div className="m-page">
      <NavBar back={null}>报警</NavBar>
    </div>
  );
}
