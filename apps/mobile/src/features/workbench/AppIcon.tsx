import type { ReactNode } from 'react';
import {
  AppstoreOutline,
  BellOutline,
  CalendarOutline,
  CheckShieldOutline,
  EnvironmentOutline,
  ExclamationTriangleOutline,
  FileOutline,
  HeartOutline,
  HistogramOutline,
  SetOutline,
  TeamOutline,
  TruckOutline,
  UserOutline,
  VideoOutline,
} from 'antd-mobile-icons';

/** The five colours of 图标设置 (screens-round3 §2.2); an app without one gets the first. */
export const APP_COLOURS = ['#409EFF', '#67C23A', '#E6A23C', '#F56C6C', '#909399'] as const;

/**
 * The original draws an app's iconName with an icon font we do not ship (as on the desktop,
 * lib/khIcons.ts): the glyph's pinyin name is matched by keyword to the nearest antd-mobile icon,
 * and an unknown one shows the app name's first character, as DingTalk does.
 */
const KEYWORD_ICONS: Array<[RegExp, ReactNode]> = [
  [/che|truck|car|yunshu|weihua/i, <TruckOutline key="t" />],
  [/anquan|safe|anbao|fanghu|shield/i, <CheckShieldOutline key="s" />],
  [/baojing|alarm|jinggao|yinhuan|weixian/i, <ExclamationTriangleOutline key="a" />],
  [/jiankang|health|yiliao|xin/i, <HeartOutline key="h" />],
  [/huanbao|huanjing|env|paiwu|ditu|weizhi/i, <EnvironmentOutline key="e" />],
  [/renyuan|yonghu|user|ren/i, <UserOutline key="u" />],
  [/tuandui|qiye|company|zuzhi|team/i, <TeamOutline key="c" />],
  [/shipin|video|jiankong/i, <VideoOutline key="v" />],
  [/tongji|fenxi|chart|baobiao/i, <HistogramOutline key="g" />],
  [/riqi|rili|kaoqin|date|zhiban/i, <CalendarOutline key="d" />],
  [/tongzhi|xiaoxi|gonggao|notice/i, <BellOutline key="n" />],
  [/shezhi|xitong|setting|guanli/i, <SetOutline key="x" />],
  [/wendang|file|dengji|biaodan|form/i, <FileOutline key="f" />],
  [/yingyong|app/i, <AppstoreOutline key="p" />],
];

export function AppIcon({ iconName, colour, name, size = 44 }: { iconName: string | null; colour: string | null; name: string; size?: number }) {
  const glyph = iconName ? KEYWORD_ICONS.find(([re]) => re.test(iconName))?.[1] : undefined;
  const bg = colour && /^#[0-9a-f]{3,8}$/i.test(colour) ? colour : APP_COLOURS[0];
  return (
    <span className="m-app-icon" style={{ width: size, height: size, background: bg, fontSize: glyph ? size * 0.55 : size * 0.42 }} aria-hidden="true">
      {glyph ?? Array.from(name.trim())[0] ?? '应'}
    </span>
  );
}
