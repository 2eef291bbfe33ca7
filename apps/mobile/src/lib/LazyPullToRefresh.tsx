import { useEffect, useState, type ComponentType, type ReactNode } from 'react';
import type { PullToRefreshProps } from 'antd-mobile/es/components/pull-to-refresh';

type PullProps = PullToRefreshProps & { children: ReactNode };

/**
 * Long enough after the first paint that the first screen's answers have been drawn even on the
 * phone profile's warm load (≈ 1 s at 4× CPU): the component's chunk (the later pages' antd-mobile,
 * ~100 KB gzip) is parsed then, not while the workbench is still waiting to draw its groups.
 */
const AFTER_FIRST_SCREEN_MS = 2500;

let Loaded: ComponentType<PullProps> | null = null;
let loading: Promise<void> | null = null;

function load(): Promise<void> {
  loading ??= import('antd-mobile/es/components/pull-to-refresh').then(
    (m) => {
      Loaded = m.default;
    },
    (error: unknown) => {
      // Offline without the service worker: the next page drawn tries again.
      loading = null;
      throw error;
    },
  );
  return loading;
}

/**
 * antd-mobile's PullToRefresh on the first screen, fetched after it has been drawn: with its gesture
 * and animation libraries it would otherwise be downloaded and parsed before the workbench could show
 * anything (ADR 0067). Until then the content is drawn as it is (a pull in those first seconds does
 * nothing); when it arrives the content is drawn once more inside it. Once loaded, a page drawn later
 * (back to the workbench from a tab) has it from its first render.
 */
export function LazyPullToRefresh(props: PullProps) {
  const [, setReady] = useState(Loaded !== null);
  useEffect(() => {
    if (Loaded) return;
    let live = true;
    const timer = setTimeout(() => void load().then(() => live && setReady(true), () => undefined), AFTER_FIRST_SCREEN_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, []);
  if (Loaded) return <Loaded {...props} />;
  return <div>{props.children}</div>;
}
