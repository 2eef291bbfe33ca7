import { createContext, useContext } from 'react';
import type { CurrentUser, MenuRoute, OrgNode } from '@park/core';

/** What the boot layout loaded once for every signed-in page (spec 002 §2 Shell). */
export interface Session {
  user: CurrentUser;
  enableCompanyPermission: boolean;
  menus: MenuRoute[];
  /** False while the menus shown are still the local cache and the server has not answered. */
  menusSettled: boolean;
  orgTree: OrgNode[];
}

export const SessionContext = createContext<Session | null>(null);

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession must be used below BootLayout');
  return session;
}
