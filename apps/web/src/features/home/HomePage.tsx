import { useMemo, type ReactNode } from 'react';
import { Avatar, Card, Col, Descriptions, Row, Skeleton, Statistic, Tag } from 'antd';
import {
  AppstoreOutlined,
  AuditOutlined,
  BellOutlined,
  CalendarOutlined,
  RightOutlined,
  ScheduleOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { Link } from 'react-router';
import { flattenRoutes, targetToHref, type CurrentUser, type MenuRoute } from '@park/core';
import { EmptyState } from '../../lib/ListPage.tsx';
import { useSession } from '../../lib/session.tsx';
import { loadOwnCompany } from '../../form/api.ts';
import { useCounter, type CounterKind } from '../counters/counters.ts';
import { CURRENT_DATE_QUERY_KEY, getCurrentDate } from './api.ts';
import './home.css';

const USER_TYPE_TEXT: Record<number, string> = { 0: '平台用户', 1: '企业管理员', 2: '企业用户' };

function greetingFor(hour: number): string {
  if (hour < 6) return '夜深了，注意休息';
  if (hour < 12) return '上午好，祝您工作顺利';
  if (hour < 14) return '中午好，记得适当休息';
  if (hour < 18) return '下午好，祝您工作顺利';
  return '晚上好，辛苦了';
}

function sexText(sex: string | null): string {
  if (sex === null || sex === '') return '-';
  return sex === '0' ? '男' : '女';
}

function ServerDate() {
  const { data, isPending } = useQuery({
    queryKey: CURRENT_DATE_QUERY_KEY,
    queryFn: ({ signal }) => getCurrentDate(signal),
    staleTime: 60_000,
  });
  if (isPending) return <Skeleton.Input active size="small" style={{ width: 220 }} />;
  if (!data) return null;
  const date = dayjs(data);
  return (
    <div className="home-date">
      <CalendarOutlined aria-hidden="true" />
      <span>{date.isValid() ? `今天是 ${date.format('YYYY年M月D日 dddd')}` : data}</span>
      <span className="home-date-raw">服务器时间：{data}</span>
      {date.isValid() && <span className="home-date-greeting">{greetingFor(date.hour())}</span>}
    </div>
  );
}

function TagList({ items, color }: { items: string[]; color: string }) {
  if (items.length === 0) return <span className="home-muted">暂无</span>;
  return (
    <span className="home-tag-list">
      {items.map((name) => (
        <Tag key={name} color={color} variant="filled">
          {name}
        </Tag>
      ))}
    </span>
  );
}

/** A company's users belong to their company, which is not one of the park's organisations. */
function useOwnCompanyName(user: CurrentUser): string | null {
  const company = useQuery({
    queryKey: ['own-company', user.id],
    queryFn: ({ signal }) => loadOwnCompany(signal),
    enabled: user.companyId !== null,
    staleTime: Infinity,
    retry: false,
  });
  return company.data?.companyName || null;
}

function Welcome({ user }: { user: CurrentUser }) {
  const name = user.realName || user.username;
  const company = useOwnCompanyName(user);
  return (
    <Card variant="borderless" className="home-hero">
      <div className="home-hero-main">
        <Avatar size={64} icon={<UserOutlined />} className="home-avatar" />
        <div className="home-hero-text">
          <h2 className="home-greeting">欢迎，{name}</h2>
          <ServerDate />
        </div>
      </div>
      <div className="home-hero-tags">
        <div className="home-tag-row">
          <span className="home-tag-label">所属组织</span>
          <TagList items={[...(user.orgList ?? []).map((o) => o.orgName), ...(company ? [company] : [])]} color="blue" />
        </div>
        <div className="home-tag-row">
          <span className="home-tag-label">角色</span>
          <TagList items={(user.roleList ?? []).map((r) => r.roleName)} color="gold" />
        </div>
      </div>
    </Card>
  );
}

interface StatDef {
  kind: CounterKind;
  title: string;
  href: string;
  icon: ReactNode;
  tone: string;
}

const STATS: readonly StatDef[] = [
  {
    kind: 'waitDone',
    title: '待办事项',
    href: '/waitDoneTask/WaitDoneTask',
    icon: <AuditOutlined />,
    tone: 'blue',
  },
  { kind: 'msg', title: '未读消息', href: '/msg/MsgList', icon: <BellOutlined />, tone: 'orange' },
  {
    kind: 'formTask',
    title: '执行中任务',
    href: '/formTask/ExecutingFormTask',
    icon: <ScheduleOutlined />,
    tone: 'green',
  },
];

function StatCard({ def }: { def: StatDef }) {
  const count = useCounter(def.kind);
  return (
    <Link to={def.href} className="home-stat-link">
      <Card hoverable variant="borderless" className={`home-stat home-stat-${def.tone}`}>
        <div className="home-stat-body">
          <Statistic title={def.title} value={count ?? 0} loading={count === undefined} />
          <span className="home-stat-icon" aria-hidden="true">
            {def.icon}
          </span>
        </div>
        <div className="home-stat-foot">
          查看详情 <RightOutlined aria-hidden="true" />
        </div>
      </Card>
    </Link>
  );
}

/** Pages the user can open from their menus, for one-click access from the dashboard. */
function quickEntries(menus: readonly MenuRoute[]): MenuRoute[] {
  return flattenRoutes(menus)
    .filter((r) => !r.hidden && !r.redirect && r.component && r.component !== 'Home')
    .slice(0, 8);
}

function QuickAccess({ menus }: { menus: readonly MenuRoute[] }) {
  const entries = useMemo(() => quickEntries(menus), [menus]);
  return (
    <Card title="常用功能" variant="borderless" className="home-panel">
      {entries.length === 0 ? (
        <EmptyState description="暂无可用功能" />
      ) : (
        <div className="home-quick-grid">
          {entries.map((r) => (
            <Link
              key={r.menuId}
              to={targetToHref({ path: r.path, query: r.query })}
              className="home-quick-item"
            >
              <span className="home-quick-icon" aria-hidden="true">
                <AppstoreOutlined />
              </span>
              <span className="home-quick-name">{r.name}</span>
            </Link>
          ))}
        </div>
      )}
    </Card>
  );
}

function AccountPanel({ user }: { user: CurrentUser }) {
  return (
    <Card title="账户信息" variant="borderless" className="home-panel">
      <Descriptions
        column={1}
        size="small"
        items={[
          { key: 'username', label: '用户名', children: user.username },
          { key: 'realName', label: '姓名', children: user.realName || '-' },
          { key: 'userType', label: '用户类型', children: USER_TYPE_TEXT[user.userType] ?? '-' },
          { key: 'sex', label: '性别', children: sexText(user.sex) },
        ]}
      />
    </Card>
  );
}

export function HomePage() {
  const { user, menus } = useSession();
  return (
    <div className="home">
      <Welcome user={user} />
      <Row gutter={[16, 16]}>
        {STATS.map((def) => (
          <Col key={def.kind} xs={24} md={8}>
            <StatCard def={def} />
          </Col>
        ))}
      </Row>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={16}>
          <QuickAccess menus={menus} />
        </Col>
        <Col xs={24} lg={8}>
          <AccountPanel user={user} />
        </Col>
      </Row>
    </div>
  );
}
