/**
 * The message module's face: its routes (unread count, list, mark read) and notify(), the one way
 * every other module sends a message (approvals, automations, park alarms, backups).
 */
export { msgRoutes } from './routes.ts';
export { MSG_BIG_TYPE, MSG_SMALL_TYPE, notify, type Notice } from './notify.ts';
