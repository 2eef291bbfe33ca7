import { useState } from 'react';
import { Cascader } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { regionLevelOf, type RegionLevel, type RegionValue } from '@park/core';
import { get } from '../../lib/http.ts';
import type { ControlWidget, EditorProps } from '../types.ts';
import { regionText } from '../common/text.ts';
import { makeTextDisplay } from '../common/TextDisplay.tsx';
import { isObject, placeholderOf, textOf, widthStyle } from '../common/values.ts';

interface RegionNode {
  value: string;
  label: string;
  isLeaf: boolean;
  children?: RegionNode[];
}

const REGION_URL = '/apc/company/getAdministrativeDic';

/** The regions under `parentCode`, at `depth` (1 provinces); the control's level is the last one offered. */
async function regionChildren(parentCode: string, depth: number, lastLevel: number, signal?: AbortSignal): Promise<RegionNode[]> {
  const reply = await get<{ children?: unknown }>(REGION_URL, { parentCode }, { signal });
  const list = Array.isArray(reply.children) ? reply.children.filter(isObject) : [];
  return list.map((c) => ({
    value: textOf(c.code),
    label: textOf(c.name),
    isLeaf: c.isLeaf === true || Number(c.level) >= 3 || depth >= lastLevel,
  }));
}

function withChildren(nodes: RegionNode[], code: string, children: RegionNode[]): RegionNode[] {
  return nodes.map((n) =>
    n.value === code
      ? { ...n, children, isLeaf: children.length === 0 }
      : n.children
        ? { ...n, children: withChildren(n.children, code, children) }
        : n,
  );
}

const REGION_PLACEHOLDERS: Record<RegionLevel, string> = { 1: '请选择省份', 2: '请选择省/市', 3: '请选择省/市/区县' };

function regionOf(value: unknown): RegionValue | null {
  return isObject(value) ? (value as unknown as RegionValue) : null;
}

/**
 * region_select: the national region tree from the server, loaded level by level; the names
 * and codes of province, city and area go into the control's modelExt columns.
 */
function RegionEditor({ control, value, onChange, onBlur, disabled, id, compact }: EditorProps) {
  // 选择到 (issue 26): nothing below the control's level is offered; the check asks for that level.
  const lastLevel: RegionLevel = regionLevelOf(control) ?? 3;
  const roots = useQuery({
    queryKey: ['region-roots', lastLevel],
    queryFn: ({ signal }) => regionChildren('', 1, lastLevel, signal),
    staleTime: Infinity,
    retry: false,
  });
  const [loaded, setLoaded] = useState<RegionNode[] | null>(null);
  const options = loaded ?? roots.data ?? [];
  const region = regionOf(value);
  const codes = region
    ? [region.provinceCode, region.cityCode, region.areaCode].filter((c) => typeof c === 'string' && c !== '')
    : [];
  const names = region
    ? [region.province, region.city, region.area].filter((c) => typeof c === 'string' && c !== '')
    : [];

  return (
    <Cascader
      id={id}
      options={options}
      value={codes}
      disabled={disabled}
      changeOnSelect
      placeholder={placeholderOf(control, REGION_PLACEHOLDERS[lastLevel])}
      style={widthStyle(control, compact)}
      notFoundContent={roots.isError ? '行政区划加载失败' : '暂无数据'}
      displayRender={(labels) =>
        labels.length > 0 && labels.every((l, i) => l !== codes[i]) ? labels.join(' / ') : names.join(' / ')
      }
      loadData={(selected) => {
        const target = selected[selected.length - 1];
        if (!target) return;
        const code = String(target.value);
        void regionChildren(code, selected.length + 1, lastLevel)
          .then((children) => setLoaded((prev) => withChildren(prev ?? options, code, children)))
          .catch(() => undefined);
      }}
      onChange={(_codes, selected) => {
        const path = (selected ?? []) as Array<{ value: string; label: string }>;
        const part = (i: number) => ({ name: path[i]?.label ?? '', code: path[i]?.value ?? '' });
        const [p, c, a] = [part(0), part(1), part(2)];
        onChange(
          path.length === 0
            ? null
            : {
                province: p.name,
                provinceCode: p.code,
                city: c.name,
                cityCode: c.code,
                area: a.name,
                areaCode: a.code,
              },
        );
        onBlur?.();
      }}
    />
  );
}

export function regionWidget(): ControlWidget {
  return { frame: 'field', Editor: RegionEditor, Display: makeTextDisplay(regionText), text: regionText };
}
