import { useState } from 'react';
import { App, Button, Form, Radio, Typography } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { PLATFORM_DEFAULT_KEYS, PLATFORM_DEFAULT_TEXT, PLATFORM_THEMES, type PlatformDefaultKey } from '@park/core';
import { setPlatformDefault } from '../../../lib/platformTheme.ts';
import { PLATFORM_DEFAULT_QUERY_KEY, queryPlatformDefault, savePlatformDefault } from '../../../lib/themes.ts';
import { settled } from '../common.tsx';

/**
 * 平台默认主题 (issue 40) on the 主题 screen: the preset every user's shell starts in. The park's
 * screen sets the park's; a tenant's 主管理员 reaching it sets the tenant's (the server decides which).
 */
export function PlatformDefaultTheme() {
  const { message } = App.useApp();
  const client = useQueryClient();
  const current = useQuery({ queryKey: PLATFORM_DEFAULT_QUERY_KEY, queryFn: ({ signal }) => queryPlatformDefault(signal) });
  const [key, setKey] = useState<PlatformDefaultKey | null>(null);
  const [saving, setSaving] = useState(false);
  const shown = key ?? (current.data?.tenantThemeKey ?? current.data?.parkThemeKey ?? 'default');

  const save = async () => {
    setSaving(true);
    const ok = await settled(() => savePlatformDefault(shown));
    setSaving(false);
    if (!ok) return;
    void message.success(PLATFORM_DEFAULT_TEXT.saved);
    setPlatformDefault(shown);
    await client.invalidateQueries({ queryKey: PLATFORM_DEFAULT_QUERY_KEY });
  };
  return (
    <Form layout="inline" className="admin-filter platform-default-theme" aria-label={PLATFORM_DEFAULT_TEXT.title}>
      <Form.Item label={PLATFORM_DEFAULT_TEXT.title} extra={<Typography.Text type="secondary">{PLATFORM_DEFAULT_TEXT.hint}</Typography.Text>}>
        <Radio.Group value={shown} onChange={(e) => setKey(e.target.value as PlatformDefaultKey)} aria-label={PLATFORM_DEFAULT_TEXT.title}>
          {PLATFORM_DEFAULT_KEYS.map((k) => (
            <Radio key={k} value={k}>
              <span className="platform-theme-item">
                <span className="theme-dot" style={{ background: PLATFORM_THEMES[k].colorPrimary }} aria-hidden="true" />
                {PLATFORM_THEMES[k].name}
              </span>
            </Radio>
          ))}
        </Radio.Group>
      </Form.Item>
      <Form.Item>
        <Button type="primary" loading={saving} disabled={current.isLoading} onClick={() => void save()}>
          保存默认主题
        </Button>
      </Form.Item>
    </Form>
  );
}
