/**
 * The address book's face (通讯录, issue 38): 内部联系人 and 部门, read-only lists of the people
 * and departments a caller may see (the park all tenants', a tenant its own and the park's public ones).
 */
export { bookRoutes } from './routes.ts';
