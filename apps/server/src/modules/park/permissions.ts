/** The park module's permission codes, read by its route files. */
export const PARK_VIEW_PERMISSION = 'park:view';
export const PARK_ALARM_PERMISSION = 'park:alarm';
