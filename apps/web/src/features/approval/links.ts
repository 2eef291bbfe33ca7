/** The task page (/formTaskInfo): a task to handle, or an instance to read. */
export function taskPageUrl(processInstanceId: number | null | undefined, taskId?: number | null): string | null {
  if (!processInstanceId) return null;
  return `/formTaskInfo?processInstanceId=${processInstanceId}${taskId ? `&taskId=${taskId}` : ''}`;
}
