// The OpenID provider the tests sign in at (scripts/with-oidc.sh starts it): oidc-provider on
// 127.0.0.1 at a free port, with its own login page (devInteractions: any login name, any
// password). The login name is the email: `x@<domain>` signs in as subject `x@<domain>` with that
// email, verified unless the name contains "unverified". One confidential client whose redirect
// URIs are http://127.0.0.1:<any port>/api/auth/sso/callback (and localhost). Consent is given
// at once. Writes the port to the file named by its first argument once it listens.
import http from 'node:http';
import { writeFileSync } from 'node:fs';
import Provider from 'oidc-provider';

const [portFile, clientId, clientSecret] = process.argv.slice(2);
const server = http.createServer();
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const { port } = server.address();
const issuer = `http://127.0.0.1:${port}`;

const provider = new Provider(issuer, {
  clients: [
    {
      client_id: clientId,
      client_secret: clientSecret,
      grant_types: ['authorization_code'],
      response_types: ['code'],
      redirect_uris: ['http://127.0.0.1/api/auth/sso/callback'],
      token_endpoint_auth_method: 'client_secret_basic',
    },
  ],
  async findAccount(_ctx, id) {
    return {
      accountId: id,
      async claims() {
        return {
          sub: id,
          email: id,
          email_verified: !id.includes('unverified'),
          name: id.split('@')[0],
        };
      },
    };
  },
  claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
  // The ID token carries the scopes' claims (Litstack reads them there, not from userinfo).
  conformIdTokenClaims: false,
  cookies: { keys: ['litstack-test-provider-cookie-key'] },
  features: { devInteractions: { enabled: true } },
  pkce: { required: () => true },
  // No consent screen: the test client is granted what it asks at once.
  async loadExistingGrant(ctx) {
    const grantId =
      ctx.oidc.result?.consent?.grantId || ctx.oidc.session.grantIdFor(ctx.oidc.client.clientId);
    if (grantId) return ctx.oidc.provider.Grant.find(grantId);
    const grant = new ctx.oidc.provider.Grant({
      clientId: ctx.oidc.client.clientId,
      accountId: ctx.oidc.session.accountId,
    });
    grant.addOIDCScope('openid email profile');
    await grant.save();
    return grant;
  },
});

// Any loopback port: Litstack's tests listen where the system lets them.
const { redirectUriAllowed } = provider.Client.prototype;
provider.Client.prototype.redirectUriAllowed = function allowed(value) {
  try {
    const url = new URL(value);
    if (
      url.protocol === 'http:' &&
      (url.hostname === '127.0.0.1' || url.hostname === 'localhost') &&
      url.pathname === '/api/auth/sso/callback' &&
      !url.search &&
      !url.hash
    ) {
      return true;
    }
  } catch {
    return false;
  }
  return redirectUriAllowed.call(this, value);
};

server.on('request', provider.callback());
writeFileSync(portFile, String(port));
