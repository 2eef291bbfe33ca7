import { Suspense, type ReactNode } from 'react';
import { BootSpin } from '../../shell/PageSpin.tsx';

/** Pages outside the shell (login, registration, 404/403): no top bar, no current user. */
export function StandalonePage({ page }: { page: ReactNode }) {
  return (
    <div className="standalone-page">
      <Suspense fallback={<BootSpin />}>{page}</Suspense>
    </div>
  );
}
