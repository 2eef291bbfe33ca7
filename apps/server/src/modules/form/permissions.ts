/** Designing forms (definitions, groups, designs) is an administrator's permission. */
export const FORM_DESIGN_PERMISSION = 'form:design';
