import { Dropdown, type MenuProps } from 'antd';
import { AppstoreOutlined, DownOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { listEnabledModules, MODULES_QUERY_KEY } from '../lib/shellApi.ts';

/** Business modules (status 0 only); each opens in a new window (spec 002 §2 Top bar). */
export function ModuleDropdown() {
  const { data: modules = [] } = useQuery({
    queryKey: MODULES_QUERY_KEY,
    queryFn: ({ signal }) => listEnabledModules(signal),
    staleTime: 5 * 60_000,
  });

  const items: MenuProps['items'] =
    modules.length > 0
      ? modules.map((m) => ({ key: String(m.id), label: m.sysName }))
      : [{ key: 'none', label: '暂无业务模块', disabled: true }];

  const onClick: MenuProps['onClick'] = ({ key }) => {
    const chosen = modules.find((m) => String(m.id) === key);
    if (chosen?.sysUrl) window.open(chosen.sysUrl, '_blank', 'noopener');
  };

  return (
    <Dropdown menu={{ items, onClick }} trigger={['click']} placement="bottomRight">
      <button type="button" className="top-bar-text-btn" aria-label="业务模块">
        <AppstoreOutlined aria-hidden="true" />
        <span>业务模块</span>
        <DownOutlined aria-hidden="true" className="top-bar-caret" />
      </button>
    </Dropdown>
  );
}
