/** The platform password rule (spec 002 §5): 6+ characters with a digit, upper, lower and special. */
export const PASSWORD_RULE_MESSAGE = '密码至少6位，且必须包含数字、大写字母、小写字母和特殊字符';

export function meetsPasswordRule(password: string): boolean {
  return (
    password.length >= 6 &&
    /\d/.test(password) &&
    /[A-Z]/.test(password) &&
    /[a-z]/.test(password) &&
    /[^A-Za-z0-9]/.test(password)
  );
}
