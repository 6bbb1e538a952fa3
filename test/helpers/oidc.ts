/** A local OpenID Connect provider (oauth2-mock-server) for auth tests, stopped at test teardown. */
import { OAuth2Server } from 'oauth2-mock-server';

interface Teardown {
  teardown: (fn: () => unknown) => void;
}

export async function startIdp(t: Teardown, kid?: string): Promise<OAuth2Server> {
  const idp = new OAuth2Server();
  await idp.issuer.keys.generate('RS256', kid === undefined ? undefined : { kid });
  await idp.start(0, '127.0.0.1');
  t.teardown(() => idp.stop());
  return idp;
}
