import { numberToText, toNumber } from '../lib/decimal.ts';
import { flag, isBlank, isRecord, nameOf, optionsOf, scalarText } from '../lib/values.ts';
import { badShape, invalidLocation, invalidRegion, numberRange, regionTooShallow } from '../messages.ts';
import type { Column, FormControl, GisValue, RegionValue } from '../types.ts';
import { cell, defineControl, type ControlBehaviour } from './define.ts';
import { allEmpty, failCell, queryByColumnType, REGION_JOIN, sheetCodec, storedText, type StoredColumns } from './sheet.ts';

type RegionPart = keyof RegionValue;
type GisPart = keyof GisValue;

/** Parts of a region and the column each gets when modelExt does not name one. */
const REGION_DEFAULTS: ReadonlyArray<readonly [RegionPart, string]> = [
  ['province', 'province'],
  ['provinceCode', 'province_code'],
  ['city', 'city'],
  ['cityCode', 'city_code'],
  ['area', 'area'],
  ['areaCode', 'area_code'],
];

/** modelExt.lnt names the longitude column (the palette maps it to "lng"). */
const GIS_DEFAULTS: ReadonlyArray<readonly [GisPart, string, readonly string[]]> = [
  ['lat', 'lat', ['lat']],
  ['lng', 'lng', ['lnt', 'lng']],
  ['address', 'address', ['address']],
  ['positionScope', 'position_scope', ['positionScope', 'position_scope']],
];

export const POSITION_SCOPE_MIN = 1;
export const POSITION_SCOPE_MAX = 100000;

function extColumn(control: FormControl, keys: readonly string[], fallback: string): string {
  const ext = isRecord(control.modelExt) ? control.modelExt : {};
  for (const key of keys) {
    const named = ext[key];
    if (typeof named === 'string' && named.trim() !== '') return named.trim();
  }
  return fallback;
}

function snake(part: string): string {
  return part.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
}

export function regionColumnsOf(control: FormControl): Record<RegionPart, string> {
  const out = {} as Record<RegionPart, string>;
  for (const [part, fallback] of REGION_DEFAULTS) out[part] = extColumn(control, [part, snake(part)], fallback);
  return out;
}

/** The map's columns; positionScope only when the design records a radius. */
export function gisColumnsOf(control: FormControl): Partial<Record<GisPart, string>> {
  const out: Partial<Record<GisPart, string>> = {};
  const ext = isRecord(control.modelExt) ? control.modelExt : {};
  const withScope = flag(optionsOf(control).positionScope) || !isBlank(ext.positionScope);
  for (const [part, fallback, keys] of GIS_DEFAULTS) {
    if (part === 'positionScope' && !withScope) continue;
    out[part] = extColumn(control, keys, fallback);
  }
  return out;
}

function partText(value: Record<string, unknown>, part: string, column: string | undefined, alias?: string): string {
  const raw = value[part] ?? (alias ? value[alias] : undefined) ?? (column ? value[column] : undefined);
  return typeof raw === 'number' ? numberToText(raw) : scalarText(raw).trim();
}

function readRegion(value: unknown, control: FormControl): RegionValue | null {
  if (!isRecord(value)) return null;
  const columns = regionColumnsOf(control);
  const out = {} as RegionValue;
  for (const [part] of REGION_DEFAULTS) out[part] = partText(value, part, columns[part]);
  return out;
}

function readGis(value: unknown, control: FormControl): GisValue | null {
  if (!isRecord(value)) return null;
  const columns = gisColumnsOf(control);
  const out: GisValue = {
    lat: partText(value, 'lat', columns.lat),
    lng: partText(value, 'lng', columns.lng, 'lnt'),
    address: partText(value, 'address', columns.address),
  };
  const scope = partText(value, 'positionScope', columns.positionScope);
  if (scope !== '') out.positionScope = scope;
  return out;
}

const REGION_CODE = /^\d{6}$/;

/** How far down a region must be chosen (options.level): 1 province, 2 city, 3 county. */
export type RegionLevel = 1 | 2 | 3;
export const REGION_LEVEL_NAMES: Record<RegionLevel, string> = { 1: '省份', 2: '市', 3: '区县' };

/**
 * Prefecture-level cities that have no county level (GB/T 2260: 东莞, 中山, 儋州, 嘉峪关): a city
 * among them is as far down as the region tree goes, so it answers a 区县 level. The server's test
 * keeps this list equal to the seeded region tree.
 */
export const CITIES_WITHOUT_COUNTIES: ReadonlySet<string> = new Set(['441900', '442000', '460400', '620200']);

/** The control's level setting; null when it has none (designs made before it: any depth). */
export function regionLevelOf(control: FormControl): RegionLevel | null {
  const level = Number(scalarText(optionsOf(control).level));
  return level === 1 || level === 2 || level === 3 ? level : null;
}

/** Codes are six digits, and a city or area code continues its parent's prefix (GB/T 2260). */
function checkRegion(value: unknown, control: FormControl): string | null {
  const region = readRegion(value, control);
  if (!region) return badShape(nameOf(control));
  const codes = [region.provinceCode, region.cityCode, region.areaCode];
  if (codes.some((code) => code !== '' && !REGION_CODE.test(code))) return invalidRegion(nameOf(control));
  const inside = (child: string, parent: string, digits: number) =>
    child === '' || parent === '' || child.slice(0, digits) === parent.slice(0, digits);
  if (!inside(region.cityCode, region.provinceCode, 2) || !inside(region.areaCode, region.cityCode, 4)) {
    return invalidRegion(nameOf(control));
  }
  // A province alone is not an answer where the design asks for a county (issue 26).
  const level = regionLevelOf(control);
  const depth = codes.findIndex((code) => code === '');
  const bottom = depth === 2 && CITIES_WITHOUT_COUNTIES.has(region.cityCode);
  if (level !== null && depth !== -1 && depth < level && !bottom) return regionTooShallow(nameOf(control), REGION_LEVEL_NAMES[level]);
  return null;
}

function checkGis(value: unknown, control: FormControl): string | null {
  const gis = readGis(value, control);
  if (!gis) return badShape(nameOf(control));
  const lat = toNumber(gis.lat);
  const lng = toNumber(gis.lng);
  if (lat === undefined || lng === undefined || Math.abs(lat) > 90 || Math.abs(lng) > 180) {
    return invalidLocation(nameOf(control));
  }
  if (gis.positionScope !== undefined) {
    const scope = toNumber(gis.positionScope);
    if (scope === undefined || scope < POSITION_SCOPE_MIN || scope > POSITION_SCOPE_MAX) {
      return numberRange(POSITION_SCOPE_MIN, POSITION_SCOPE_MAX);
    }
  }
  return null;
}

function columnsFrom(map: Partial<Record<string, string>>): Column[] {
  return Object.values(map)
    .filter((name): name is string => typeof name === 'string')
    .map((name) => ({ name, sqlType: 'text' as const }));
}

const REGION_SPLIT = /[/\s,，、]+/;

/** 省/市/区 names going out (codes for the "value" rule); names or codes coming back, each under its parent. */
const regionSheet = sheetCodec({
  valueText: (c, _key, row) => {
    const cols = regionColumnsOf(c);
    return [cols.provinceCode, cols.cityCode, cols.areaCode].map((k) => storedText(row, k)).filter(Boolean).join(REGION_JOIN);
  },
  exportText: (c, _raw, row) => {
    const cols = regionColumnsOf(c);
    return [cols.province, cols.city, cols.area].map((k) => storedText(row, k)).filter(Boolean).join(REGION_JOIN);
  },
  emptyCell: (c) => allEmpty(regionColumnsOf(c)),
  readCell: (field, c, _value, text, lookups) => {
    const region = lookups.region;
    const cols = regionColumnsOf(c);
    if (!region) return failCell(field, '行政区划数据不可用');
    const names = text.split(REGION_SPLIT).filter(Boolean);
    if (names.length > 3) return failCell(field, `“${text}”不是有效的行政区划（省/市/区）`);
    const codes: string[] = [];
    let parent = '';
    for (const name of names) {
      const code = region.children.get(parent)?.get(name);
      if (!code) return failCell(field, `行政区划“${name}”不存在`);
      codes.push(code);
      parent = code;
    }
    const out: StoredColumns = {};
    const parts: Array<[string, string]> = [
      [cols.province, cols.provinceCode],
      [cols.city, cols.cityCode],
      [cols.area, cols.areaCode],
    ];
    parts.forEach(([nameCol, codeCol], i) => {
      out[nameCol] = codes[i] ? region.names.get(codes[i]!)! : null;
      out[codeCol] = codes[i] ?? null;
    });
    return { ok: true, columns: out };
  },
  hint: () => '格式：省/市/区，如 湖北省/宜昌市/西陵区',
});

/** A map field as 地址(纬度,经度), the shape the import reads (a stored point always has both numbers). */
function gisText(c: FormControl, row: Readonly<Record<string, unknown>>): string {
  const cols = gisColumnsOf(c);
  const part = (k: string | undefined) => (k ? storedText(row, k) : '');
  const [lat, lng, address] = [part(cols.lat), part(cols.lng), part(cols.address)];
  return lat || lng ? `${address}(${lat},${lng})` : address;
}

const GIS_WITH_ADDRESS = /^(.*?)\s*[(（]\s*(-?\d+(?:\.\d+)?)\s*[,，]\s*(-?\d+(?:\.\d+)?)\s*[)）]\s*$/;
const GIS_BARE = /^(-?\d+(?:\.\d+)?)\s*[,，]\s*(-?\d+(?:\.\d+)?)$/;

/** The address a person reads, with the point it stands for, in both directions. */
const gisSheet = sheetCodec({
  valueText: (c, _key, row) => gisText(c, row),
  exportText: (c, _raw, row) => gisText(c, row),
  emptyCell: (c) => allEmpty(gisColumnsOf(c)),
  readCell: (field, c, _value, text) => {
    const cols = gisColumnsOf(c);
    const m = GIS_WITH_ADDRESS.exec(text);
    const b = m ? null : GIS_BARE.exec(text);
    if (!m && !b) return failCell(field, '位置请填写为“地址(纬度,经度)”');
    const out: StoredColumns = {};
    if (cols.address) out[cols.address] = m ? m[1]!.trim() || null : null;
    if (cols.lat) out[cols.lat] = m ? m[2]! : b![1]!;
    if (cols.lng) out[cols.lng] = m ? m[3]! : b![2]!;
    return { ok: true, columns: out };
  },
  hint: () => '格式：地址(纬度,经度)，如 发展大道(30.7,111.29)',
});

/** Province, city and area names and codes, each in its modelExt column. */
export function regionControl(): ControlBehaviour {
  return defineControl({
    family: 'region',
    requiredVerb: 'choice',
    columns: (control) => columnsFrom(regionColumnsOf(control)),
    sheet: regionSheet,
    queryKind: queryByColumnType,
    isEmpty: (value, control) => {
      const region = readRegion(value, control);
      return value === null || value === undefined || (region !== null && Object.values(region).every((v) => v === ''));
    },
    codec: {
      toStored(value, control) {
        const region = readRegion(value, control);
        const columns = regionColumnsOf(control);
        const row: Record<string, string | null> = {};
        for (const [part] of REGION_DEFAULTS) row[columns[part]] = region?.[part] || null;
        return row;
      },
      fromStored(row, control) {
        const columns = regionColumnsOf(control);
        const region = {} as RegionValue;
        for (const [part] of REGION_DEFAULTS) region[part] = cell(row, columns[part]) ?? '';
        return Object.values(region).every((v) => v === '') ? null : region;
      },
    },
    check: checkRegion,
    defaultValue: () => null,
  });
}

/** lat, lng and address (and a radius when recorded), each in its modelExt column. */
export function gisControl(): ControlBehaviour {
  return defineControl({
    family: 'gis',
    requiredVerb: 'choice',
    columns: (control) => columnsFrom(gisColumnsOf(control)),
    sheet: gisSheet,
    queryKind: queryByColumnType,
    isEmpty: (value, control) => {
      const gis = readGis(value, control);
      return value === null || value === undefined || (gis !== null && !gis.lat && !gis.lng && !gis.address);
    },
    codec: {
      toStored(value, control) {
        const gis = readGis(value, control);
        const columns = gisColumnsOf(control);
        const row: Record<string, string | null> = {};
        for (const [part, column] of Object.entries(columns) as Array<[GisPart, string]>) row[column] = gis?.[part] || null;
        return row;
      },
      fromStored(row, control) {
        const columns = gisColumnsOf(control);
        const read = (part: GisPart) => (columns[part] ? (cell(row, columns[part]) ?? '') : '');
        const gis: GisValue = { lat: read('lat'), lng: read('lng'), address: read('address') };
        const scope = read('positionScope');
        if (scope !== '') gis.positionScope = scope;
        return gis.lat === '' && gis.lng === '' && gis.address === '' ? null : gis;
      },
    },
    check: checkGis,
    defaultValue: () => null,
  });
}
