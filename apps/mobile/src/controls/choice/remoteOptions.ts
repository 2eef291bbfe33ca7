import { useQuery } from '@tanstack/react-query';
import type { FormControl } from '@park/core';
import { get } from '../../lib/http.ts';
import { optionsOf } from '../common/values.ts';
import { designOptions, propKeys, toOptions, usesRemoteList, type ChoiceOption } from './options.ts';

/** Only our own API may feed a form's options (as the desktop's isLocalApi): never another host. */
function localApi(url: unknown): string | null {
  if (typeof url !== 'string') return null;
  const u = url.trim();
  return u.startsWith('/') && !u.startsWith('//') ? u : null;
}

/** The option list in a remote answer, under the keys the desktop reads. */
function listIn(reply: Record<string, unknown>): unknown {
  for (const key of ['datas', 'list', 'data', 'children']) if (Array.isArray(reply[key])) return reply[key];
  return [];
}

/** The remoteUrl a 远程数据 choice control loads its options from while the form runs, or null. */
export function remoteUrlOf(control: FormControl): string | null {
  return usesRemoteList(control) ? localApi(optionsOf(control).remoteUrl) : null;
}

/**
 * A choice control's options on the phone: the design's own list, or the answer of its remoteUrl
 * (the same call the desktop makes), keyed by props.value / props.label. Until the answer comes,
 * and when it fails, the saved remoteOptions stand in, so a record's labels never go blank.
 */
export function useChoiceOptions(control: FormControl): ChoiceOption[] {
  const url = remoteUrlOf(control);
  const keys = propKeys(control);
  const query = useQuery({
    queryKey: ['choice-options', url, keys.value, keys.label, keys.children],
    queryFn: async ({ signal }) => toOptions(listIn(await get<Record<string, unknown>>(url!, undefined, { signal, silent: true })), keys),
    enabled: url !== null,
    staleTime: 60_000,
  });
  return url !== null && query.data ? query.data : designOptions(control);
}
