import { useQuery } from '@tanstack/react-query';
import { Outlet } from 'react-router';
import { PageLoading } from '../lib/PageLoading.tsx';
import { OfflineBanner } from '../lib/OfflineBanner.tsx';
import { RouteError } from '../lib/RouteError.tsx';
import { SessionContext } from '../lib/session.tsx';
import { MainTabBar } from './MainTabBar.tsx';
import { fetchUser, USER_QUERY_KEY } from './prefetch.ts';


/**
 * Every page behind the login: the user loaded once (a 401 sends the browser to /login through the
 * http client), the offline banner above, the tab bar below on the four main pages.
 */
export function MobileLayout() {
  const user = useQuery({ queryKey: USER_QUERY_KEY, queryFn: ({ signal }) => fetchUser(signal), staleTime: 5 * 60_000 });
  if (user.error && !user.data) return <RouteError />;
  if (!user.data) return <PageLoading />;
  return (
    <SessionContext.Provider value={{ user: user.data.user }}>
      <div className="m-shell">
        <OfflineBanner />
        <main className="m-main">
          <Outlet />
        </main>
        <MainTabBar />
      </div>
    </SessionContext.Provider>
  );
}
