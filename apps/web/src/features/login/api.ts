import type { LoginReply, LoginRequest } from '@park/core';
import { postJson } from '../../lib/http.ts';
import { sealPassword } from '../../lib/crypto.ts';

/** Silent: the login page shows the reason inline, next to the form. */
export async function login(username: string, password: string): Promise<LoginReply> {
  const sealed = await sealPassword(password, { silent: true });
  const body: LoginRequest = { username, password: sealed };
  return postJson<LoginReply>('/apc/login', body, { silent: true });
}
