/** Login's refusals that other calls repeat (the password change counts wrong guesses as login does). */
export const TOO_MANY_LOGINS = '登录尝试过于频繁，请1分钟后再试';
export const USER_DISABLED = '该账号已被禁用，请联系管理员';
