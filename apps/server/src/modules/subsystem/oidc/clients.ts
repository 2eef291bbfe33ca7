import type { Kysely } from 'kysely';
import type { AdapterPayload } from 'oidc-provider';
import type { Database } from '../../../db/schema.ts';

interface Opener {
  open(sealed: string): string;
}

/**
 * A 子系统 that needs single sign-on (sso 0) with an account is an OIDC client: client_id the
 * account, secret the (unsealed) sync secret, redirect URIs exactly as registered. A hidden
 * sub-system (status 1) or one without a secret is no client at all.
 */
export function clientFinder(db: Kysely<Database>, secrets: Opener) {
  return async (clientId: string): Promise<AdapterPayload | undefined> => {
    const row = await db
      .selectFrom('sys_module')
      .select(['id', 'sys_name', 'agent_secret', 'redirect_uris', 'logout_uris', 'sso', 'status'])
      .where('agent_account', '=', clientId)
      .executeTakeFirst();
    if (!row || row.sso !== 0 || row.status !== 0 || !row.agent_secret || row.redirect_uris.length === 0) return undefined;
    return {
      client_id: clientId,
      client_secret: secrets.open(row.agent_secret),
      client_name: row.sys_name,
      redirect_uris: row.redirect_uris,
      post_logout_redirect_uris: row.logout_uris,
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'client_secret_basic',
    };
  };
}
