import { useState } from 'react';
import { App, Descriptions, Input, Modal } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { park, type AlarmRow } from '../api.ts';
import { AlarmLevelTag } from '../tags.tsx';

export const DISPOSAL_MAX = 500;

/** 处置报警: the alarm, a note of what was done (required, ≤ 500 characters, as the server checks). */
export function DisposeDialog({ alarm, onClose }: { alarm: AlarmRow | null; onClose: () => void }) {
  const { message } = App.useApp();
  const client = useQueryClient();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const close = () => {
    setText('');
    setError(null);
    onClose();
  };
  const save = async () => {
    if (!alarm) return;
    if (!text.trim()) {
      setError('请填写处置情况');
      return;
    }
    setSaving(true);
    try {
      await park.dispose([alarm.id], text.trim());
      message.success('处置成功');
      await client.invalidateQueries({ queryKey: ['park-console'] });
      close();
    } catch {
      // The HTTP client has shown the server's message (e.g. already handled by someone else).
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal open={alarm !== null} title="处置报警" okText="确认处置" cancelText="取消" onOk={() => void save()} confirmLoading={saving} onCancel={close} destroyOnHidden>
      {alarm && (
        <>
          <Descriptions size="small" column={1} bordered>
            <Descriptions.Item label="报警等级">
              <AlarmLevelTag level={alarm.alarmLevel} />
            </Descriptions.Item>
            <Descriptions.Item label="报警类型">{alarm.alarmTypeName}</Descriptions.Item>
            <Descriptions.Item label="报警内容">{alarm.content}</Descriptions.Item>
            <Descriptions.Item label="报警时间">{alarm.alarmTime}</Descriptions.Item>
          </Descriptions>
          <div style={{ marginTop: 12 }}>
            <label htmlFor="disposal-text">处置情况</label>
            <Input.TextArea
              id="disposal-text"
              rows={3}
              maxLength={DISPOSAL_MAX}
              showCount
              value={text}
              status={error ? 'error' : undefined}
              onChange={(e) => {
                setText(e.target.value);
                setError(null);
              }}
              placeholder="请填写处置情况，如：已通知驾驶员驶离禁行区域"
            />
            {error && <div className="ant-form-item-explain-error">{error}</div>}
          </div>
        </>
      )}
    </Modal>
  );
}
