import type { ApiOk, LoginReply, LoginRequest } from '@park/core';
import { getText, postJson, type CallOptions } from './http.ts';
import { sealPassword } from './crypto.ts';

/** The desktop's account calls (apps/web/src/features/login, system/api.ts), the same session cookie. */

/** Silent: the login page shows the reason beside the form. */
export async function login(username: string, password: string): Promise<LoginReply> {
  const sealed = await sealPassword(password, { silent: true });
  const body: LoginRequest = { username, password: sealed };
  return postJson<LoginReply>('/apc/login', body, { silent: true });
}

export async function checkCurrentPwd(password: string, opts?: CallOptions): Promise<boolean> {
  return (await postJson<ApiOk & { valid: boolean }>('/api/user/checkCurrentPwd', { password: await sealPassword(password, opts) }, opts)).valid;
}

/** Each sealed envelope is accepted once, so both passwords are sealed afresh. */
export async function updateCurrentPwd(oldPassword: string, newPassword: string, opts?: CallOptions): Promise<void> {
  await postJson<ApiOk>('/api/user/updateCurrentPwd', { oldPassword: await sealPassword(oldPassword, opts), newPassword: await sealPassword(newPassword, opts) }, opts);
}

/** The server answers with the address to go to next, as plain text (possibly JSON-quoted). */
export async function logout(): Promise<void> {
  await getText('/apc/logout', undefined, { silent: true });
}
