import { useEffect, useState } from 'react';
import { Button, List, Popup, Toast } from 'antd-mobile';
import { regionLevelOf, regionText, REGION_LEVEL_NAMES, type RegionLevel, type RegionValue } from '@park/core';
import { get } from '../../lib/http.ts';
import type { MobileEditorProps } from '../types.ts';
import { PickerRow } from '../common/PickerRow.tsx';
import { isObject, nameOf, placeholderOf, textOf } from '../common/values.ts';

interface RegionNode {
  code: string;
  name: string;
  leaf: boolean;
}

/** The desktop's region call: the children of a code ('' for provinces). */
const REGION_URL = '/apc/company/getAdministrativeDic';

async function regionChildren(parentCode: string, depth: number, lastLevel: number): Promise<RegionNode[]> {
  const reply = await get<{ children?: unknown }>(REGION_URL, { parentCode });
  const list = Array.isArray(reply.children) ? reply.children.filter(isObject) : [];
  return list.map((c) => ({ code: textOf(c.code), name: textOf(c.name), leaf: c.isLeaf === true || Number(c.level) >= 3 || depth >= lastLevel }));
}

function regionOfPath(path: RegionNode[]): RegionValue | null {
  if (path.length === 0) return null;
  const part = (i: number) => ({ name: path[i]?.name ?? '', code: path[i]?.code ?? '' });
  const [p, c, a] = [part(0), part(1), part(2)];
  return { province: p.name, provinceCode: p.code, city: c.name, cityCode: c.code, area: a.name, areaCode: a.code };
}

/**
 * region_select on the phone: a sheet walking down the region tree one level at a time (the
 * server's tree is loaded level by level, as on the desktop); 确定 takes the path chosen so far,
 * and core's check asks for the control's level (选择到).
 */
export function RegionEditor({ control, value, onChange, disabled }: MobileEditorProps) {
  const lastLevel: RegionLevel = regionLevelOf(control) ?? 3;
  const [open, setOpen] = useState(false);
  const [path, setPath] = useState<RegionNode[]>([]);
  // The children shown, and the region they are of: until they come, the list says 加载中.
  const [loaded, setLoaded] = useState<{ of: string; nodes: RegionNode[] } | null>(null);
  const parent = path[path.length - 1];
  const done = path.length >= lastLevel || parent?.leaf === true;
  const at = parent?.code ?? '';
  const loading = loaded?.of !== at;
  const nodes = loaded?.of === at ? loaded.nodes : [];

  useEffect(() => {
    if (!open || done) return;
    let live = true;
    regionChildren(at, path.length + 1, lastLevel)
      .then((list) => live && setLoaded({ of: at, nodes: list }))
      .catch(() => live && Toast.show({ content: '行政区划加载失败' }));
    return () => {
      live = false;
    };
  }, [open, at, path.length, lastLevel, done]);

  return (
    <>
      <PickerRow
        text={regionText(value)}
        placeholder={placeholderOf(control, `请选择${REGION_LEVEL_NAMES[lastLevel] ?? ''}`)}
        disabled={disabled}
        onOpen={() => {
          setPath([]);
          setOpen(true);
        }}
      />
      <Popup visible={open} onMaskClick={() => setOpen(false)} bodyClassName="m-popup m-popup-tall">
        <div className="m-popup-title">{nameOf(control)}</div>
        <div className="m-region-path">
          <button type="button" onClick={() => setPath([])}>全部</button>
          {path.map((n, i) => (
            <button type="button" key={n.code} onClick={() => setPath(path.slice(0, i + 1))}>
              {' / '}
              {n.name}
            </button>
          ))}
        </div>
        <div className="m-popup-list">
          {done ? (
            <div className="m-popup-hint">已选择 {path.map((n) => n.name).join(' / ')}</div>
          ) : (
            <List>
              {loading && <List.Item>加载中…</List.Item>}
              {!loading &&
                nodes.map((n) => (
                  <List.Item key={n.code} arrow={!n.leaf && path.length + 1 < lastLevel} onClick={() => setPath([...path, n])}>
                    {n.name}
                  </List.Item>
                ))}
            </List>
          )}
        </div>
        <div className="m-popup-actions">
          <Button onClick={() => setOpen(false)}>取消</Button>
          <Button
            color="primary"
            disabled={path.length === 0}
            onClick={() => {
              onChange(regionOfPath(path));
              setOpen(false);
            }}
          >
            确定
          </Button>
        </div>
      </Popup>
    </>
  );
}
