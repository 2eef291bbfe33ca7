import { createContext, useContext } from 'react';
import type { CurrentUser } from '@park/core';

/** The signed-in user, loaded once by MobileLayout for every page behind the login. */
export interface MobileSession {
  user: CurrentUser;
}

export const SessionContext = createContext<MobileSession | null>(null);

export function useSession(): MobileSession {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession must be used below MobileLayout');
  return session;
}
