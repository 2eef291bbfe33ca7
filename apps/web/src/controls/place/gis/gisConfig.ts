import { useQuery } from '@tanstack/react-query';
import { get } from '../../../lib/http.ts';
import { isObject, textOf } from '../../common/values.ts';

/**
 * The map's outside services, from the server's configuration (TILE_URL and friends). Nothing
 * is fetched from the internet unless a deployment configures it: without a tile URL the map is
 * a coordinate grid, still clickable.
 */
export interface GisConfig {
  /** Leaflet URL template, e.g. a Tianditu or an intranet tile server: .../{z}/{x}/{y}.png */
  tileUrl: string;
  tileSubdomains: string;
  attribution: string;
  /** GET template with {lat} and {lng}; the reply's address is read from common shapes. */
  reverseGeocodeUrl: string;
  /** GET template with {keyword}. */
  searchUrl: string;
}

export const EMPTY_GIS_CONFIG: GisConfig = {
  tileUrl: '',
  tileSubdomains: '',
  attribution: '',
  reverseGeocodeUrl: '',
  searchUrl: '',
};

/** Default centre (spec 000 §9): about latitude 31.81, longitude 118.46, zoom 13. */
export const DEFAULT_CENTER: [number, number] = [31.81, 118.46];
export const DEFAULT_ZOOM = 13;

export function useGisConfig(enabled: boolean): GisConfig {
  const query = useQuery({
    queryKey: ['gis-config'],
    queryFn: async ({ signal }) => {
      const reply = await get<Record<string, unknown>>('/api/form/gisConfig', undefined, {
        signal,
        silent: true,
      });
      const config = isObject(reply.gisConfig) ? reply.gisConfig : reply;
      return {
        tileUrl: textOf(config.tileUrl),
        tileSubdomains: textOf(config.tileSubdomains),
        attribution: textOf(config.attribution),
        reverseGeocodeUrl: textOf(config.reverseGeocodeUrl),
        searchUrl: textOf(config.searchUrl),
      } satisfies GisConfig;
    },
    enabled,
    staleTime: Infinity,
    retry: false,
  });
  return query.data ?? EMPTY_GIS_CONFIG;
}

function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (all, key: string) =>
    key in values ? encodeURIComponent(values[key]!) : all,
  );
}

function firstText(...values: unknown[]): string {
  for (const v of values) if (typeof v === 'string' && v.trim() !== '') return v.trim();
  return '';
}

/** The address in a reverse-geocoding reply (Tianditu, AMap, Nominatim and plain shapes). */
export function addressIn(reply: unknown): string {
  if (!isObject(reply)) return '';
  const result = isObject(reply.result) ? reply.result : {};
  const regeocode = isObject(reply.regeocode) ? reply.regeocode : {};
  return firstText(
    reply.address,
    result.formatted_address,
    result.address,
    regeocode.formatted_address,
    reply.display_name,
    reply.formatted_address,
  );
}

export async function reverseGeocode(config: GisConfig, lat: string, lng: string): Promise<string> {
  const res = await fetch(fill(config.reverseGeocodeUrl, { lat, lng, lnt: lng }), { credentials: 'omit' });
  if (!res.ok) throw new Error(String(res.status));
  const address = addressIn(await res.json());
  if (!address) throw new Error('no address');
  return address;
}

export interface SearchHit {
  lat: number;
  lng: number;
  name: string;
}

function hitOf(item: unknown): SearchHit | null {
  if (!isObject(item)) return null;
  const loc = isObject(item.location) ? item.location : item;
  const lonlat = typeof item.lonlat === 'string' ? item.lonlat.split(/[ ,]/) : null;
  const lat = Number(loc.lat ?? (lonlat ? lonlat[1] : undefined));
  const lng = Number(loc.lng ?? loc.lon ?? loc.lnt ?? (lonlat ? lonlat[0] : undefined));
  if (!Number.isFinite(lat) || !Number.isFinite(lng)) return null;
  return { lat, lng, name: firstText(item.name, item.display_name, item.address) };
}

export async function searchPlace(config: GisConfig, keyword: string): Promise<SearchHit | null> {
  const res = await fetch(fill(config.searchUrl, { keyword }), { credentials: 'omit' });
  if (!res.ok) throw new Error(String(res.status));
  const reply: unknown = await res.json();
  const list = Array.isArray(reply)
    ? reply
    : isObject(reply)
      ? ((['pois', 'results', 'datas', 'data'].map((k) => reply[k]).find(Array.isArray) as
          unknown[] | undefined) ?? [reply])
      : [];
  for (const item of list) {
    const hit = hitOf(item);
    if (hit) return hit;
  }
  return null;
}

/** "31.81,118.46" or "31.81 118.46" typed into the search box. */
export function parseCoordinates(text: string): { lat: number; lng: number } | null {
  const m = /^\s*(-?\d{1,2}(?:\.\d+)?)\s*[,，\s]\s*(-?\d{1,3}(?:\.\d+)?)\s*$/.exec(text);
  if (!m) return null;
  const lat = Number(m[1]);
  const lng = Number(m[2]);
  return Math.abs(lat) <= 90 && Math.abs(lng) <= 180 ? { lat, lng } : null;
}

export const coordText = (n: number) => n.toFixed(6).replace(/0+$/, '').replace(/\.$/, '');
