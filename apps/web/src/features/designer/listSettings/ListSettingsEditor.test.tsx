import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FormMeta, SensorSettings } from '@park/core';
import { AppProviders } from '../../../app/providers.tsx';
import { ListSettingsEditor } from './index.tsx';

/* The list-page settings editor in the DOM: it edits through onChange only, in canonical form. */

const meta: FormMeta = {
  list: [
    { type: 'input', key: 'k1', model: 'plate', name: '车牌号', options: {} },
    { type: 'date', key: 'k2', model: 'day', name: '入园日期', options: {} },
  ],
  config: {},
};

function Harness({ initial, onChange }: { initial: SensorSettings | undefined; onChange: (s: SensorSettings) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <ListSettingsEditor
      meta={meta}
      value={value}
      onChange={(next) => {
        onChange(next);
        setValue(next);
      }}
    />
  );
}

const renderEditor = (initial?: SensorSettings) => {
  const onChange = vi.fn<(s: SensorSettings) => void>();
  render(
    <AppProviders>
      <Harness initial={initial} onChange={onChange} />
    </AppProviders>,
  );
  return { onChange, user: userEvent.setup() };
};

describe('ListSettingsEditor', () => {
  it('changes nothing by being opened, and adds conditions with the column natural match type', async () => {
    const { onChange, user } = renderEditor();
    expect(onChange).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: '添加查询条件' }));
    await user.click(screen.getByRole('button', { name: '添加查询条件' }));
    expect(onChange).toHaveBeenLastCalledWith(
      expect.objectContaining({
        queryConditions: [
          { key: 'plate', opt: '$like', label: '车牌号' },
          { key: 'day', opt: '$in', label: '入园日期' },
        ],
        queryLayout: { columnCount: 3 },
        addShowType: 'dialog',
      }),
    );
    // Reordered with the arrows.
    await user.click(screen.getByRole('button', { name: '上移 查询条件 入园日期' }));
    expect(onChange.mock.lastCall![0].queryConditions!.map((c) => c.key)).toEqual(['day', 'plate']);
  });

  it('lists what is wrong, naming the entry', () => {
    renderEditor({ queryConditions: [{ key: 'gone', label: '旧字段' }], optButtons: [{ key: 'custom', name: '打印', jumpInfo: { urlType: 3 } }] });
    const alert = screen.getByText('列表页设置有 2 处需要处理').closest('.ant-alert') as HTMLElement;
    expect(within(alert).getByText('查询条件「旧字段」：字段「gone」不存在')).toBeTruthy();
    expect(within(alert).getByText('行按钮「打印」：API接口地址为空,请重新配置！')).toBeTruthy();
  });

  it('starts custom buttons from the standard ones, and goes back to "all shown" by dropping the list', async () => {
    const { onChange, user } = renderEditor();
    await user.click(screen.getByRole('tab', { name: '按钮' }));
    await user.click(screen.getByRole('button', { name: '自定义行按钮' }));
    expect(onChange.mock.lastCall![0].optButtons).toEqual([
      { key: 'edit', name: '编辑' },
      { key: 'delete', name: '删除' },
      { key: 'view', name: '详情' },
    ]);
    await user.click(screen.getByRole('button', { name: '删除 行按钮 删除' }));
    expect(onChange.mock.lastCall![0].optButtons!.map((b) => b.key)).toEqual(['edit', 'view']);
    await user.click(screen.getByRole('radio', { name: '整页（新增页面）' }));
    expect(onChange.mock.lastCall![0].addShowType).toBe('full');
    await user.click(screen.getAllByRole('button', { name: '恢复默认' })[0]!);
    expect('optButtons' in onChange.mock.lastCall![0]).toBe(false);
  });

  it('says when a saved sensorSettingsV2 lays the list page out, and offers to clear it', async () => {
    const onClearV2 = vi.fn();
    const withV2: FormMeta = { ...meta, sensorSettingsV2: { widgets: [{ id: 1, type: 'reportWidget', reportType: 'tableReportWidget', data: {} }] } };
    render(
      <AppProviders>
        <ListSettingsEditor meta={withV2} value={undefined} onChange={vi.fn()} onClearV2={onClearV2} />
      </AppProviders>,
    );
    expect(screen.getByText('列表页当前由高级设置布局')).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: '清除高级设置' }));
    expect(onClearV2).toHaveBeenCalledOnce();
  });

  it('says nothing of V2 for a derived layout', () => {
    const derived: FormMeta = { ...meta, sensorSettingsV2: { derivedFrom: 'sensorSettings', widgets: [{ id: 1, type: 'reportWidget', reportType: 'tableReportWidget' }] } };
    render(
      <AppProviders>
        <ListSettingsEditor meta={derived} value={undefined} onChange={vi.fn()} />
      </AppProviders>,
    );
    expect(screen.queryByText('列表页当前由高级设置布局')).toBeNull();
  });
});
