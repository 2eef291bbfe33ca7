/**
 * The query-cache key of the top bar's counters (features/counters, `[root, kind]`): a screen that
 * changes a count (reading messages, acting on a task) invalidates it. Kept here, below the
 * features, so those screens need not import the counters' feature.
 */
export const COUNTER_QUERY_ROOT = ['counter'] as const;
