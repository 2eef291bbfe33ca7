import { useState } from 'react';
import { App, Button, Input, InputNumber, Select, Slider, Space, Table, Tabs, Tag, Upload, type TableColumnsType } from 'antd';
import { SoundOutlined, StopOutlined, UploadOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { tableLocale } from '../../../../lib/ListPage.tsx';
import { uploadFile } from '../../../../controls/common/files.ts';
import { park, type BroadcastZone, type CommandReply } from '../api.ts';
import { CommandLogTable } from '../CommandLogTable.tsx';
import { ConsoleScreen, Panel } from '../ConsoleFrame.tsx';
import { LastRefresh } from '../LastRefresh.tsx';
import { useLive } from '../live.ts';
import { OnlineTag } from '../tags.tsx';

const PLAYING_KINDS: Record<string, string> = { card: '采集卡', text: '文字', music: '曲目', extern: '音频文件' };
export const BROADCAST_TEXT_MAX = 500;

/**
 * 应急广播 (issue 24): the broadcast zones with their hosts' state, volume and what they play;
 * choose zones, then set the volume, play a text (text to speech), a library track or an uploaded
 * mp3/wav, or stop. Every command goes through the broadcast adapter and is logged.
 */
export function BroadcastPage() {
  const { message } = App.useApp();
  const client = useQueryClient();
  const zones = useLive(['broadcastInfo'], park.broadcastInfo);
  const music = useQuery({ queryKey: ['park-console', 'music'], queryFn: ({ signal }) => park.music(signal) });
  const [selected, setSelected] = useState<number[]>([]);
  const [volume, setVolume] = useState(60);
  const [text, setText] = useState('');
  const [repeat, setRepeat] = useState(1);
  const [tracks, setTracks] = useState<number[]>([]);
  const [busy, setBusy] = useState(false);

  /** Sends a command to the chosen zones; `missing` names what the command still lacks. */
  const send = async (work: () => Promise<CommandReply>, missing?: string) => {
    if (selected.length === 0) {
      message.warning('请选择广播分区');
      return;
    }
    if (missing) {
      message.warning(missing);
      return;
    }
    setBusy(true);
    try {
      const r = await work();
      message.success(r.result.message);
    } catch {
      // shown by the HTTP client (e.g. 设备执行失败：广播主机离线：…)
    } finally {
      setBusy(false);
      await client.invalidateQueries({ queryKey: ['park-console'] });
    }
  };

  const columns: TableColumnsType<BroadcastZone> = [
    { title: '广播分区', dataIndex: 'zoneName' },
    { title: '广播主机', dataIndex: 'deviceName', render: (t: string | null) => t ?? <Tag>未绑定</Tag> },
    { title: '状态', dataIndex: 'online', width: 80, render: (o: number) => <OnlineTag online={o} /> },
    { title: '音量', dataIndex: 'volume', width: 70, render: (v: number | null) => v ?? '-' },
    { title: '正在播放', dataIndex: 'playing', render: (p: BroadcastZone['playing']) => (p ? <Tag color="purple">{`${PLAYING_KINDS[p.kind] ?? p.kind}：${p.name}`}</Tag> : '空闲') },
  ];

  return (
    <ConsoleScreen title="应急广播" testId="park-broadcast" extra={<LastRefresh at={zones.dataUpdatedAt} />}>
      <div className="park-grid">
        <Panel title="广播分区">
          <Table<BroadcastZone>
            rowKey="zoneId"
            size="small"
            columns={columns}
            dataSource={zones.data?.datas ?? []}
            locale={tableLocale}
            pagination={false}
            rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys as number[]) }}
            data-testid="broadcast-zones"
          />
        </Panel>
        <Panel title={`广播控制（已选 ${selected.length} 个分区）`}>
          <Tabs
            items={[
              {
                key: 'text',
                label: '文字广播',
                children: (
                  <Space direction="vertical" style={{ width: '100%' }}>
                    <Input.TextArea aria-label="广播内容" rows={3} maxLength={BROADCAST_TEXT_MAX} showCount value={text} onChange={(e) => setText(e.target.value)} placeholder="请输入广播内容，如：请各单位人员立即按疏散路线撤离" />
                    <Space>
                      播放遍数
                      <InputNumber aria-label="播放遍数" min={1} max={10} value={repeat} onChange={(v) => setRepeat(v ?? 1)} />
                      <Button
                        type="primary"
                        icon={<SoundOutlined />}
                        loading={busy}
                        onClick={() => void send(() => park.playText(selected, text.trim(), repeat), text.trim() ? undefined : '请填写广播内容')}
                      >
                        播放文字
                      </Button>
                    </Space>
                  </Space>
                ),
              },
              {
                key: 'music',
                label: '曲目广播',
                children: (
                  <Space direction="vertical" style={{ width: '100%' }}>
                    <Select
                      mode="multiple"
                      aria-label="选择曲目"
                      placeholder="选择曲目"
                      style={{ width: '100%' }}
                      value={tracks}
                      onChange={setTracks}
                      options={(music.data?.datas ?? []).map((m) => ({ value: m.id, label: `${m.groupName} / ${m.fileName}` }))}
                    />
                    <Button type="primary" icon={<SoundOutlined />} loading={busy} disabled={tracks.length === 0} onClick={() => void send(() => park.playMusic(selected, tracks))}>
                      播放曲目
                    </Button>
                  </Space>
                ),
              },
              {
                key: 'file',
                label: '音频文件',
                children: (
                  <Upload
                    accept=".mp3,.wav"
                    showUploadList={false}
                    customRequest={({ file, onSuccess, onError }) => {
                      const f = file as File;
                      if (!/\.(mp3|wav)$/i.test(f.name)) {
                        message.warning('只能播放 mp3 或 wav 音频文件');
                        onError?.(new Error('type'));
                        return;
                      }
                      uploadFile(f, f.name, { control: null })
                        .then((u) => {
                          onSuccess?.(u);
                          return send(() => park.playExtern(selected, Number(u.fileId)));
                        })
                        .catch((e: Error) => onError?.(e));
                    }}
                  >
                    <Button icon={<UploadOutlined />} disabled={selected.length === 0}>
                      上传并播放（mp3/wav）
                    </Button>
                  </Upload>
                ),
              },
            ]}
          />
          <div style={{ borderTop: '1px solid #f0f0f0', marginTop: 12, paddingTop: 12 }}>
            <Space wrap>
              音量
              <Slider style={{ width: 160 }} min={0} max={100} value={volume} onChange={setVolume} />
              <Button loading={busy} onClick={() => void send(() => park.setVolume(selected, volume))}>
                设置音量
              </Button>
              <Button danger icon={<StopOutlined />} loading={busy} onClick={() => void send(() => park.stop(selected))}>
                停止广播
              </Button>
            </Space>
          </div>
        </Panel>
      </div>
      <Panel title="广播记录">
        <CommandLogTable kind="broadcast" />
      </Panel>
    </ConsoleScreen>
  );
}
