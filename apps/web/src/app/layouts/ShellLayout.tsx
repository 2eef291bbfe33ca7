import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { useEmbeddedMode } from '../../lib/embedded.ts';
import { NoMenuBlock } from '../../shell/NoMenuBlock.tsx';
import { PageSpin } from '../../shell/PageSpin.tsx';
import { TopBar } from '../../shell/TopBar.tsx';
import { FilePreviewDialog } from '../../features/preview/FilePreviewDialog.tsx';

/** Top bar (unless embedded) over the routed page; `blocked` replaces the page for a user without menus. */
export function ShellLayout({ blocked }: { blocked: boolean }) {
  const embedded = useEmbeddedMode();
  return (
    <div className={embedded ? 'app-shell app-shell-embedded' : 'app-shell'}>
      {!embedded && <TopBar />}
      <main className="app-content">
        {blocked ? (
          <NoMenuBlock />
        ) : (
          <Suspense fallback={<PageSpin />}>
            <Outlet />
          </Suspense>
        )}
      </main>
      {/* Spec 002 §2: the shell holds the preview dialog, opened by the open-file-preview event. */}
      <FilePreviewDialog />
    </div>
  );
}
