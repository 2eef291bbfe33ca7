import { useState } from 'react';
import { Alert, App, Button, Space, Tag } from 'antd';
import { pluginUpdateOffered, VIDEO_TEXT } from '@park/core';
import type { DhPlayerClient } from '../dhplayer/DhPlayerClient.ts';
import type { PluginStatus } from '../usePlugin.ts';

/**
 * The banner over the wall when the plug-in is missing (with 启动插件 / 下载插件) or older than the
 * platform's (下载升级); closable for the page's life.
 */
export function PluginBanner({ client, status, player }: { client: DhPlayerClient | null; status: PluginStatus; player: { url: string; version: string } | null }) {
  const { message } = App.useApp();
  const [closed, setClosed] = useState(false);
  const notInstalled = status.state === 'failed';
  const upgrade = status.state === 'success' && player !== null && pluginUpdateOffered(player.version, status.version);
  if (closed || !(notInstalled || upgrade)) return null;

  const launchPlugin = () => {
    client?.launch();
    message.info({ key: 'plugin', content: '正在启动视频播放插件，启动后自动连接' });
  };
  return (
    <Alert
      className="video-wall-banner"
      type="warning"
      showIcon
      closable={{ onClose: () => setClosed(true) }}
      title={
        notInstalled
          ? `${VIDEO_TEXT.pluginMessages[status.code === 1005 ? 1005 : 1000]}（错误码 ${status.code ?? 1000}）`
          : `视频播放插件有新版本 ${player?.version}（当前 ${status.version}），请下载升级`
      }
      description={notInstalled ? '未安装插件时，支持浏览器直接播放的摄像头仍可在页面中观看；其余画面需要安装插件。' : undefined}
      action={
        <Space>
          {/* Installed but not running: opening DHPlayer:// starts it; only on this click (ADR 0028). */}
          {notInstalled && status.code !== 1005 && (
            <Button size="small" onClick={launchPlugin}>
              启动插件
            </Button>
          )}
          <a className="ant-btn ant-btn-primary ant-btn-sm" href={player?.url || '/download/DHPlayer.zip'}>
            {notInstalled ? '下载插件' : '下载升级'}
          </a>
        </Space>
      }
    />
  );
}

/** The plug-in's connection state at the head of the control bar. */
export function PluginTag({ status: { state, code, port } }: { status: PluginStatus }) {
  if (state === 'success') return <Tag color="green">插件已连接{port ? `（端口 ${port}）` : ''}</Tag>;
  if (state === 'pending') return <Tag color="orange">{code === 1002 ? '插件重连中' : '正在连接插件'}</Tag>;
  if (state === 'closed') return <Tag color="red">插件连接已关闭</Tag>;
  if (state === 'failed') return <Tag color="red">未检测到插件（浏览器播放）</Tag>;
  return <Tag>插件未连接</Tag>;
}
