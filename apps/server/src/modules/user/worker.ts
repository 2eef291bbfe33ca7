/**
 * The user module's face for job threads (ADR 0005, 0033): roles and rights read from the
 * database, which the import/export thread checks its requester with. index.ts re-exports it.
 */
export { menuTreeFor, roleIdsOf, SUPER_ROLE_CODE, TENANT_ADMIN_ROLE_CODE } from './menus.ts';
export { allows, loadPermissions } from './permissions.ts';
