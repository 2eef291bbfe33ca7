/**
 * Forms handed down to tenants (issue 36, ADR 0034/0037): 表单分配's calls, the allot/sync job and
 * the dependency analysis packages (issue 41) will reuse. t1's modules/tenant/index.ts re-exports this.
 */
export { formAllotRoutes, FORM_ALLOT_PERM } from './routes.ts';
export { registerFormAllotJob, runAllotTask, startAllotTask, FORM_ALLOT_QUEUE } from './allotJob.ts';
export { analyzeParkForms } from './depends.ts';
export { allotToTenant, syncToTenant, planFor, lossesIn, handDownInPackage } from './handDown.ts';
