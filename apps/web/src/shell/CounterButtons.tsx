import type { ReactNode } from 'react';
import { Badge, Tooltip } from 'antd';
import { AuditOutlined, BellOutlined, ScheduleOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { COUNTER_CAP } from '@park/core';
import { badgeCount, useCounter, type CounterKind } from '../features/counters/counters.ts';

interface CounterDef {
  kind: CounterKind;
  label: string;
  /** What the icon leads to, on hover (issue 42: three bare icons side by side said nothing). */
  tooltip: string;
  href: string;
  icon: ReactNode;
}

const COUNTERS: readonly CounterDef[] = [
  { kind: 'formTask', label: '任务', tooltip: '表单任务：待我填报的表单', href: '/formTask/ExecutingFormTask', icon: <ScheduleOutlined /> },
  { kind: 'msg', label: '消息', tooltip: '消息中心：未读消息', href: '/msg/MsgList', icon: <BellOutlined /> },
  { kind: 'waitDone', label: '待办', tooltip: '待办事项：等我审批的流程', href: '/waitDoneTask/WaitDoneTask', icon: <AuditOutlined /> },
];

function CounterLink({ def }: { def: CounterDef }) {
  const count = useCounter(def.kind);
  return (
    <Tooltip title={def.tooltip}>
      <Link to={def.href} className="top-bar-icon-btn" aria-label={def.label}>
        {/* Above the cap antd shows "99+" (spec 002 §9: counters cap at 99). */}
        <Badge count={badgeCount(count)} overflowCount={COUNTER_CAP} size="small" offset={[6, -4]}>
          <span className="top-bar-icon" aria-hidden="true">
            {def.icon}
          </span>
        </Badge>
      </Link>
    </Tooltip>
  );
}

/** To-do, message and task counters; each icon links to its list. */
export function CounterButtons() {
  return (
    <>
      {COUNTERS.map((def) => (
        <CounterLink key={def.kind} def={def} />
      ))}
    </>
  );
}
