/** The form-task module's face (issue 45, ADR 0033): the form tasks the signed-in user is executing (/api/formtask/…). */
export { formTaskRoutes } from './routes.ts';
