/** flow_task.status: what a to-do row is at. */
export const TASK_STATUS = { waiting: 0, done: 1, closed: 2, queued: 3 } as const;
