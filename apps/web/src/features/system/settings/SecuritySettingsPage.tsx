import { useEffect } from 'react';
import { App, Button, Form, InputNumber, Skeleton } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ADMIN_TEXT, SETTINGS_LIMITS, type SecuritySettings } from '@park/core';
import { ListPage } from '../../../lib/ListPage.tsx';
import { getSecuritySettings, keys, updateSecuritySettings } from '../api.ts';
import '../system.css';

const FIELDS: Array<{ key: keyof SecuritySettings; unit: string; help: string }> = [
  { key: 'sessionIdleMinutes', unit: '分钟', help: '用户在此时长内没有任何操作，登录即失效，需要重新登录。' },
  { key: 'loginFailuresPerMinute', unit: '次', help: '同一用户名与地址在一分钟内输错密码达到此次数后，暂停登录一分钟。' },
  { key: 'optLogRetentionDays', unit: '天', help: '超过此天数的操作日志每天凌晨自动清理。' },
];

export function SecuritySettingsPage() {
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<SecuritySettings>();
  const { data, isLoading } = useQuery({ queryKey: keys.settings, queryFn: ({ signal }) => getSecuritySettings(signal) });
  useEffect(() => {
    if (data) form.setFieldsValue(data.settings);
  }, [data, form]);

  const save = useMutation({
    mutationFn: updateSecuritySettings,
    onSuccess: async () => {
      void message.success(ADMIN_TEXT.saved);
      await queryClient.invalidateQueries({ queryKey: keys.settings });
    },
  });

  return (
    <ListPage title="安全设置">
      {isLoading || !data ? (
        <Skeleton active />
      ) : (
        <Form<SecuritySettings>
          form={form}
          name="securitySettings"
          layout="vertical"
          className="settings-form"
          initialValues={data.settings}
          onFinish={(v) =>
            modal.confirm({
              title: ADMIN_TEXT.saveConfirm,
              content: '新的设置在各服务实例上立即生效。',
              okText: '确定',
              cancelText: '取消',
              onOk: () => save.mutateAsync(v).catch(() => undefined),
            })
          }
        >
          {FIELDS.map(({ key, unit, help }) => {
            const { min, max, label } = SETTINGS_LIMITS[key];
            return (
              <Form.Item
                key={key}
                name={key}
                label={label}
                extra={`${help}取值 ${min}–${max}${unit}，环境默认值 ${data.defaults[key]}${unit}。`}
                rules={[{ required: true, message: `请输入${label}` }]}
              >
                <InputNumber min={min} max={max} precision={0} suffix={unit} style={{ width: 200 }} />
              </Form.Item>
            );
          })}
          <Form.Item>
            <Button type="primary" htmlType="submit" loading={save.isPending}>
              保存
            </Button>
          </Form.Item>
        </Form>
      )}
    </ListPage>
  );
}
