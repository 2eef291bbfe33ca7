import { useState } from 'react';
import { Cascader } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { get } from '../../../lib/http.ts';

/** 所在地: province / city / county from the national region tree, loaded level by level. */

interface RegionNode {
  value: string;
  label: string;
  isLeaf: boolean;
  children?: RegionNode[];
}

export interface RegionPick {
  provice: string;
  proviceCode: string;
  city: string;
  cityCode: string;
  area: string;
  areaCode: string;
}

const REGION_URL = '/apc/company/getAdministrativeDic';

async function children(parentCode: string, depth: number, signal?: AbortSignal): Promise<RegionNode[]> {
  const reply = await get<{ children?: Array<{ code: string; name: string; isLeaf?: boolean }> }>(REGION_URL, { parentCode }, { signal });
  return (reply.children ?? []).map((c) => ({ value: c.code, label: c.name, isLeaf: c.isLeaf === true || depth >= 3 }));
}

function withChildren(nodes: RegionNode[], code: string, kids: RegionNode[]): RegionNode[] {
  return nodes.map((n) =>
    n.value === code ? { ...n, children: kids, isLeaf: kids.length === 0 } : n.children ? { ...n, children: withChildren(n.children, code, kids) } : n,
  );
}

export function RegionCascader({ value, onChange, id }: { value?: RegionPick | null; onChange?: (v: RegionPick | null) => void; id?: string }) {
  const roots = useQuery({ queryKey: ['tenant', 'region-roots'], queryFn: ({ signal }) => children('', 1, signal), staleTime: Infinity, retry: false });
  const [loaded, setLoaded] = useState<RegionNode[] | null>(null);
  const options = loaded ?? roots.data ?? [];
  const codes = value ? [value.proviceCode, value.cityCode, value.areaCode].filter(Boolean) : [];
  const names = value ? [value.provice, value.city, value.area].filter(Boolean) : [];
  return (
    <Cascader
      id={id}
      options={options}
      value={codes}
      changeOnSelect
      placeholder="请选择省/市/区县"
      notFoundContent={roots.isError ? '行政区划加载失败' : '暂无数据'}
      // Before its levels are loaded, an edited tenant's region shows by the names it was saved with.
      displayRender={(labels) => (labels.length > 0 && labels.every((l, i) => l !== codes[i]) ? labels.join(' / ') : names.join(' / '))}
      loadData={(selected) => {
        const target = selected[selected.length - 1];
        if (!target) return;
        const code = String(target.value);
        void children(code, selected.length + 1)
          .then((kids) => setLoaded((prev) => withChildren(prev ?? options, code, kids)))
          .catch(() => undefined);
      }}
      onChange={(_codes, selected) => {
        const path = (selected ?? []) as Array<{ value: string; label: string }>;
        const part = (i: number) => ({ name: path[i]?.label ?? '', code: path[i]?.value ?? '' });
        const [p, c, a] = [part(0), part(1), part(2)];
        onChange?.(path.length === 0 ? null : { provice: p.name, proviceCode: p.code, city: c.name, cityCode: c.code, area: a.name, areaCode: a.code });
      }}
    />
  );
}
