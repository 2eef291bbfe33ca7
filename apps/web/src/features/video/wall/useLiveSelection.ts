import { useState } from 'react';
import { App } from 'antd';
import { MAX_WINDOWS, VIDEO_TEXT } from '@park/core';
import type { WallCamera, WallRequest } from '../wallTypes.ts';

/* Each request to the wall gets a new key, so asking for the same cameras again reopens them. */
let requestKeys = 0;
export const nextRequestKey = () => ++requestKeys;

/**
 * The live tab's camera selection: the cameras ticked in the tree, or those named by `?channelIds=`
 * when the park map opened the page (once the tree is known, online ones only), and the request
 * 打开所选画面 sends to the wall.
 */
export function useLiveSelection(cameras: ReadonlyMap<string, WallCamera & { isOnline: boolean }>, fromMap: string | null) {
  const { message } = App.useApp();
  const [checked, setChecked] = useState<string[]>([]);
  const [liveRequest, setLiveRequest] = useState<WallRequest | null>(null);

  const [mapOpened, setMapOpened] = useState<string | null>(null);
  if (fromMap && cameras.size > 0 && mapOpened !== fromMap) {
    const ids = fromMap.split(',').filter((id) => cameras.get(id)?.isOnline);
    setMapOpened(fromMap);
    setChecked(ids);
    if (ids.length > 0) setLiveRequest({ kind: 'live', cameras: ids.map((id) => cameras.get(id)!), key: nextRequestKey() });
  }

  const openChecked = () => {
    if (checked.length === 0) return void message.warning('请先在左侧勾选摄像头');
    if (checked.length > MAX_WINDOWS) return void message.warning(VIDEO_TEXT.tooManyStreams(MAX_WINDOWS));
    setLiveRequest({ kind: 'live', cameras: checked.map((id) => cameras.get(id)!).filter(Boolean), key: nextRequestKey() });
  };

  return { checked, setChecked, liveRequest, openChecked };
}
