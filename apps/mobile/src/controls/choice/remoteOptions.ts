import { useQuery } from '@tanstack/react-query';
import type { FormControl } from '@park/core';
import { get } from '../../lib/http.ts';
import { designOptions, propKeys, remoteUrlOf, toOptions, type ChoiceOption } from './options.ts';

/** The option list in a remote answer, under the keys the desktop reads. */
function listIn(reply: Record<string, unknown>): unknown {
  for (const key of ['datas', 'list', 'data', 'children']) if (Array.isArray(reply[key])) return reply[key];
  return [];
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
