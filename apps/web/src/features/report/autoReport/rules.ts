import { checkAutoReport } from '@park/core';

/** A valid schedule with every field set: a field's rule swaps in the value being checked. */
const VALID = { name: 'x', reportId: 1, target: 'png', widgetId: null, frequency: { every: 'day', time: '08:00' }, recipients: { users: ['1'], roles: [], orgs: [] } };

/** An antd rule running core's checkAutoReport (the server's check) on one field. */
export const fieldRule = (field: 'name' | 'reportId' | 'frequency' | 'recipients') => ({
  validator: (_: unknown, v: unknown) => {
    const r = checkAutoReport({ ...VALID, [field]: v });
    return 'error' in r ? Promise.reject(new Error(r.error)) : Promise.resolve();
  },
});
