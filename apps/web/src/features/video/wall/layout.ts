import { divisionFor, MAX_WINDOWS } from '@park/core';
import type { PluginStatus } from '../usePlugin.ts';
import type { Cell, WallCamera, WallRequest } from '../wallTypes.ts';

/** The divisions the 画面分割 select offers: square grids up to the platform's window limit. */
export const DIVISIONS = [1, 4, 9, 16].filter((d) => d <= MAX_WINDOWS);

/** Who plays the windows: the DHPlayer plug-in, the browser (no plug-in), or not known yet. */
export type WallMode = 'waiting' | 'plugin' | 'browser';

/** The mode follows the plug-in's connection; a reconnecting plug-in (1002) keeps its windows. */
export function modeOf(status: PluginStatus): WallMode {
  if (status.state === 'success' || (status.state === 'pending' && status.code === 1002)) return 'plugin';
  if (status.state === 'failed' || status.state === 'closed') return 'browser';
  return 'waiting';
}

/** The grid for a request: live cameras in a square of side ⌈√n⌉, playback in one window. */
export function layoutOf(request: WallRequest): { cameras: WallCamera[]; division: number; cells: Array<Cell | null> } {
  const cameras = request.kind === 'live' ? request.cameras.slice(0, MAX_WINDOWS) : [request.camera];
  const division = request.kind === 'live' ? divisionFor(cameras.length) : 1;
  const cells = Array.from({ length: division }, (_, i): Cell | null => (cameras[i] ? { camera: cameras[i], status: 'loading' } : null));
  return { cameras, division, cells };
}

/** The cells kept when the division changes: the first `next`, empty ones added. */
export function resized(cells: ReadonlyArray<Cell | null>, next: number): Array<Cell | null> {
  return Array.from({ length: next }, (_, i) => cells[i] ?? null);
}

/** The state line of a window that is not playing. */
export function cellText(cell: Cell, mode: WallMode): string {
  if (cell.status === 'loading') return mode === 'waiting' ? '正在连接视频播放插件…' : '正在打开…';
  if (cell.status === 'closed') return '已关闭';
  return cell.message ?? '';
}
