import type { ReactNode } from 'react';
import { Button, Input, Select, Space, Tooltip } from 'antd';
import {
  AimOutlined,
  AudioOutlined,
  CameraOutlined,
  DownloadOutlined,
  FullscreenOutlined,
  SoundOutlined,
  StopOutlined,
  VideoCameraAddOutlined,
} from '@ant-design/icons';
import { VIDEO_TEXT } from '@park/core';
import type { PluginStatus } from '../usePlugin.ts';
import { DIVISIONS } from './layout.ts';
import { PluginTag } from './PluginBanner.tsx';
import type { WallTools } from './useWallTools.ts';

interface WallControlBarProps {
  status: PluginStatus;
  tools: WallTools;
  selected: number;
  division: number;
  playback: boolean;
  /** Recording, sound, rules, download and talk are the plug-in's: without it they are off. */
  pluginOnly: boolean;
}

/** The wall's control bar (spec 002 §2): the plug-in's state, then the tools on the selected window. */
export function WallControlBar({ status, tools, selected, division, playback, pluginOnly }: WallControlBarProps) {
  const { recording, talking, osdText, audio, ivs } = tools.state;
  const needsPlugin = (button: ReactNode) => <Tooltip title={pluginOnly ? VIDEO_TEXT.needsPlugin : undefined}>{button}</Tooltip>;
  return (
    <div className="video-wall-bar" role="toolbar" aria-label="视频控制栏">
      <Space wrap>
        <PluginTag status={status} />
        <Button icon={<FullscreenOutlined />} onClick={tools.fullScreen}>全屏</Button>
        <Button icon={<CameraOutlined />} onClick={tools.snapshot}>抓图</Button>
        {needsPlugin(
          <Button icon={recording.has(selected) ? <StopOutlined /> : <VideoCameraAddOutlined />} disabled={pluginOnly} onClick={tools.toggleRecord} danger={recording.has(selected)}>
            {recording.has(selected) ? '停止录像' : '本地录像'}
          </Button>,
        )}
        {needsPlugin(
          <Button icon={<SoundOutlined />} disabled={pluginOnly} onClick={tools.toggleAudio}>
            {audio.has(selected) ? '关闭声音' : '打开声音'}
          </Button>,
        )}
        {needsPlugin(
          <Button icon={<AimOutlined />} disabled={pluginOnly} onClick={tools.toggleIvs}>
            {ivs.has(selected) ? '隐藏智能规则' : '显示智能规则'}
          </Button>,
        )}
        {playback &&
          needsPlugin(
            <Button icon={<DownloadOutlined />} disabled={pluginOnly} onClick={tools.downloadRecording}>
              下载录像
            </Button>,
          )}
        <span>
          画面分割{' '}
          <Select aria-label="画面分割" value={division} style={{ width: 90 }} onChange={tools.changeDivision} options={DIVISIONS.map((d) => ({ value: d, label: `${d} 画面` }))} />
        </span>
        <Space.Compact>
          <Input aria-label="叠加文字" placeholder="叠加文字" value={osdText} maxLength={64} onChange={(e) => tools.setOsdText(e.target.value)} style={{ width: 160 }} />
          <Button onClick={tools.applyOsd}>设置</Button>
        </Space.Compact>
        {needsPlugin(
          <Button icon={<AudioOutlined />} disabled={pluginOnly} onClick={() => void tools.toggleTalk()}>
            {talking !== null ? '结束对讲' : '对讲'}
          </Button>,
        )}
      </Space>
    </div>
  );
}
