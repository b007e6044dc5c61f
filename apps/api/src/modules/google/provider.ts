import { createLocalJWKSet, createRemoteJWKSet, type JWTVerifyGetKey } from 'jose';
import * as oidc from 'openid-client';
import type { GoogleConfig } from '../../config.ts';
import type { LocalProvider } from '../local-oidc/provider.ts';

/**
 * The OpenID Connect provider our Google sign-in talks to: Google (or any issuer set in
 * config) through discovery, or the local provider this process serves under /oidc.
 * Either way the client side is the same openid-client code over HTTP.
 */
export interface SignInProvider {
  kind: 'google' | 'local';
  clientId: string;
  /** Issuer identifiers an ID token's `iss` may carry. */
  issuers(): string[];
  /** openid-client's configuration: server metadata, client id and secret. */
  configuration(): Promise<oidc.Configuration>;
  /** The issuer's signing keys (its JWKS). */
  keys(): Promise<JWTVerifyGetKey>;
}

/** Discovery is fetched once and kept; a failed fetch is retried on the next sign-in. */
export function googleProvider(google: GoogleConfig): SignInProvider {
  let configuration: Promise<oidc.Configuration> | undefined;
  let keys: Promise<JWTVerifyGetKey> | undefined;
  const discover = () =>
    (configuration ??= oidc
      .discovery(new URL(google.issuer), google.clientId, google.clientSecret, oidc.ClientSecretBasic(google.clientSecret), {
        execute: [oidc.enableNonRepudiationChecks, ...(new URL(google.issuer).protocol === 'http:' ? [oidc.allowInsecureRequests] : [])],
      })
      .catch((err: unknown) => {
        configuration = undefined;
        throw err;
      }));
  // Google's ID tokens name their issuer with or without the scheme.
  const issuers = google.issuer === 'https://accounts.google.com' ? [google.issuer, 'accounts.google.com'] : [google.issuer];
  return {
    kind: 'google',
    clientId: google.clientId,
    issuers: () => issuers,
    configuration: discover,
    keys: () =>
      (keys ??= discover()
        .then((config) => {
          const uri = config.serverMetadata().jwks_uri;
          if (!uri) throw new Error(`${google.issuer} publishes no jwks_uri`);
          return createRemoteJWKSet(new URL(uri));
        })
        .catch((err: unknown) => {
          keys = undefined;
          throw err;
        })),
  };
}

/**
 * Our own provider's metadata is known without asking it; the code exchange and the
 * JWKS for non-repudiation still go over HTTP to /oidc like any other issuer.
 */
export function localProvider(local: LocalProvider): SignInProvider {
  let cached: { issuer: string; configuration: oidc.Configuration } | undefined;
  const keys = createLocalJWKSet(local.jwks);
  return {
    kind: 'local',
    clientId: local.clientId,
    issuers: () => [local.issuer()],
    async configuration() {
      const issuer = local.issuer();
      if (cached?.issuer !== issuer) {
        const configuration = new oidc.Configuration(local.metadata(), local.clientId, local.clientSecret, oidc.ClientSecretBasic(local.clientSecret));
        oidc.enableNonRepudiationChecks(configuration);
        if (issuer.startsWith('http:')) oidc.allowInsecureRequests(configuration);
        cached = { issuer, configuration };
      }
      return cached.configuration;
    },
    keys: async () => keys,
  };
}
