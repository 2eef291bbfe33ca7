import type { JobState } from '@park/core';
import { ApiError } from '../../../lib/http.ts';
import { jobState } from './api.ts';

/** Consecutive failed polls tolerated (a server restart mid-job) before the page gives up. */
const MAX_POLL_FAILURES = 5;

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) {
      reject(new ApiError('aborted', '请求已取消'));
      return;
    }
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(new ApiError('aborted', '请求已取消'));
      },
      { once: true },
    );
  });
}

/**
 * Polls getImportExportState every `intervalMs` (1 s for exports, 2 s for imports, spec 002 §9)
 * until the job succeeds, partly succeeds or fails; each reading goes to `onState` for the
 * progress bar. Stops with an aborted ApiError when the page goes away.
 */
export async function pollJob(
  code: string,
  type: 1 | 2,
  intervalMs: number,
  onState: (state: JobState) => void,
  signal: AbortSignal,
): Promise<JobState> {
  let failures = 0;
  for (;;) {
    try {
      const state = await jobState(code, type, signal);
      failures = 0;
      onState(state);
      if (state.phase !== 'running') return state;
    } catch (err) {
      if (signal.aborted || (err instanceof ApiError && err.kind === 'aborted')) throw err;
      if (err instanceof ApiError && err.status === 404) throw err;
      if (++failures >= MAX_POLL_FAILURES) throw err;
    }
    await sleep(intervalMs, signal);
  }
}
