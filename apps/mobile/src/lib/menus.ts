import { useQuery } from '@tanstack/react-query';
import type { ListRouterReply, MenuNode } from '@park/core';
import { get } from './http.ts';
import { MENUS_URL } from '../boot/earlyCalls.ts';

/**
 * What the caller may open, as the desktop knows it: the menus the server grants (a menu carries
 * its permissions; the server checks them again on every call). The phone asks only whether a
 * page's component is among them.
 */
function components(nodes: MenuNode[], out = new Set<string>()): Set<string> {
  for (const n of nodes) {
    if (n.component) out.add(n.component);
    components(n.children ?? [], out);
  }
  return out;
}

export function useMenuComponents(): Set<string> | undefined {
  const { data } = useQuery({
    queryKey: ['session', 'menus'],
    queryFn: async ({ signal }) => components((await get<ListRouterReply>(MENUS_URL, undefined, { signal, silent: true })).children ?? []),
    staleTime: 5 * 60_000,
  });
  return data;
}

/** 报警处置 (the desktop's ParkAlarm page, park:view + park:alarm). */
export const ALARM_COMPONENT = 'ParkAlarm';

/** 通讯录 › 内部联系人 (book:contacts): the phone's 通讯录 reads the same call. */
export const BOOK_COMPONENT = 'InsideContacts';
