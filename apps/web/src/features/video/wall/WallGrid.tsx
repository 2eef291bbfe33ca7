import { createElement, type RefObject } from 'react';
import { Button, Tag } from 'antd';
import { CloseOutlined } from '@ant-design/icons';
import type { BrowserVideoHandle } from '../browserPlayer.ts';
import { BROWSER_PLAYERS } from '../browserPlayers.ts';
import type { Cell } from '../wallTypes.ts';
import { cellText, type WallMode } from './layout.ts';

interface WallGridProps {
  gridRef: RefObject<HTMLDivElement | null>;
  videos: RefObject<Map<number, BrowserVideoHandle>>;
  mode: WallMode;
  division: number;
  cells: Array<Cell | null>;
  selected: number;
  recording: ReadonlySet<number>;
  onSelect(snum: number): void;
  onClose(snum: number): void;
  onFail(snum: number, message: string): void;
}

/**
 * The square grid of windows. In plug-in mode the plug-in's native window lies over it and a cell
 * only labels its place; in browser mode a cell plays its stream in the page.
 */
export function WallGrid({ gridRef, videos, mode, division, cells, selected, recording, onSelect, onClose, onFail }: WallGridProps) {
  const side = Math.round(Math.sqrt(division));
  return (
    <div
      ref={gridRef}
      className="video-grid"
      data-testid="video-grid"
      data-division={division}
      style={{ gridTemplateColumns: `repeat(${side}, 1fr)`, gridTemplateRows: `repeat(${side}, 1fr)` }}
    >
      {cells.map((cell, snum) => (
        <div
          key={snum}
          className={`video-cell${snum === selected ? ' video-cell-selected' : ''}`}
          data-testid="video-cell"
          data-snum={snum}
          data-status={cell?.status ?? 'empty'}
          onClick={() => onSelect(snum)}
        >
          {cell?.stream && cell.status === 'playing' && mode === 'browser' &&
            // The player is picked by the stream's format (BROWSER_PLAYERS: hls.js for HLS, mpegts.js for FLV).
            createElement(BROWSER_PLAYERS[cell.stream.format], {
              ref: (h: BrowserVideoHandle | null) => {
                if (h) videos.current.set(snum, h);
                else videos.current.delete(snum);
              },
              url: cell.stream.url,
              live: cell.stream.live,
              title: cell.camera.name,
              onFail: (msg: string) => onFail(snum, msg),
            })}
          {cell?.osd && mode === 'browser' && <div className="video-cell-osd">{cell.osd}</div>}
          {cell?.status === 'playing' && mode === 'plugin' && <div className="video-cell-hint">画面由视频播放插件显示</div>}
          <div className="video-cell-label">
            <span>{cell ? cell.camera.name : `窗口 ${snum + 1}`}</span>
            {cell && cell.status !== 'playing' && <span className={`video-cell-state video-cell-state-${cell.status}`}>{cellText(cell, mode)}</span>}
            {recording.has(snum) && <Tag color="red">录像中</Tag>}
            {cell && (
              <Button
                size="small"
                type="text"
                className="video-cell-close"
                aria-label={`关闭${cell.camera.name}`}
                icon={<CloseOutlined />}
                onClick={(e) => {
                  e.stopPropagation();
                  onClose(snum);
                }}
              />
            )}
          </div>
        </div>
      ))}
    </div>
  );
}
