import type { ReactNode } from 'react';
import { Badge, Tooltip } from 'antd';
import { AuditOutlined, BellOutlined, ScheduleOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { COUNTER_CAP } from '@park/core';
import { displayCount, useCounter, type CounterKind } from './counters.ts';

interface CounterDef {
  kind: CounterKind;
  label: string;
  href: string;
  icon: ReactNode;
}

const COUNTERS: readonly CounterDef[] = [
  { kind: 'formTask', label: '任务', href: '/formTask/ExecutingFormTask', icon: <ScheduleOutlined /> },
  { kind: 'msg', label: '消息', href: '/msg/MsgList', icon: <BellOutlined /> },
  { kind: 'waitDone', label: '待办', href: '/waitDoneTask/WaitDoneTask', icon: <AuditOutlined /> },
];

function CounterButton({ def }: { def: CounterDef }) {
  const navigate = useNavigate();
  const count = useCounter(def.kind);
  return (
    <Tooltip title={def.label}>
      <button
        type="button"
        className="top-bar-icon-btn"
        aria-label={def.label}
        data-count={count ?? 0}
        onClick={() => void navigate(def.href)}
      >
        <Badge count={displayCount(count)} overflowCount={COUNTER_CAP} size="small" offset={[6, -4]}>
          <span className="top-bar-icon">{def.icon}</span>
        </Badge>
      </button>
    </Tooltip>
  );
}

export function CounterButtons() {
  return (
    <>
      {COUNTERS.map((def) => (
        <CounterButton key={def.kind} def={def} />
      ))}
    </>
  );
}
