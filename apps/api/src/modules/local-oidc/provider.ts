import { createHash, createHmac, generateKeyPairSync, randomBytes, timingSafeEqual } from 'node:crypto';
import { join } from 'node:path';
import { calculateJwkThumbprint, importJWK, SignJWT, type CryptoKey, type JWK } from 'jose';
import { keptFile } from '../../kept-file.ts';
import { z } from 'zod';

/**
 * The local OpenID Connect provider's identity: its RS256 signing key and the one
 * client it knows (us), with a secret. Generated on first start and kept in DATA_DIR
 * (mode 0600), never a constant in code.
 */
const Kept = z.object({
  privateJwk: z.looseObject({ kty: z.literal('RSA'), n: z.string(), e: z.string(), d: z.string() }),
  clientId: z.string().min(1),
  clientSecret: z.string().min(32),
});
type Kept = z.infer<typeof Kept>;

export const KEY_FILE = 'oidc-provider.json';
const ID_TOKEN_LIFETIME_S = 3600;

function keptIdentity(dataDir: string): Kept {
  const file = join(dataDir, KEY_FILE);
  const text = keptFile(file, () => {
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    return (
      JSON.stringify({ privateJwk: privateKey.export({ format: 'jwk' }), clientId: 'market-web', clientSecret: randomBytes(32).toString('base64url') }) + '\n'
    );
  });
  const parsed = Kept.safeParse(JSON.parse(text));
  if (!parsed.success) throw new Error(`${file} holds no usable OpenID Connect provider key; delete it to generate a new one`);
  return parsed.data;
}

export interface IdTokenClaims {
  sub: string;
  email: string;
  name: string;
  picture?: string;
  nonce?: string | undefined;
}

export interface LocalProvider {
  clientId: string;
  clientSecret: string;
  /** `<origin>/oidc`: from PUBLIC_URL, else the address this process listens on. */
  issuer(): string;
  /** The public half of the signing key, as served at /oidc/jwks. */
  jwks: { keys: JWK[] };
  /** The discovery document. */
  metadata(): Record<string, string | string[] | boolean> & { issuer: string };
  /** A stable Google-like subject (digits) for an e-mail address. */
  subjectFor(email: string): string;
  signIdToken(claims: IdTokenClaims, opts?: { audience?: string; lifetimeSeconds?: number; issuer?: string }): Promise<string>;
  clientSecretMatches(secret: string): boolean;
}

export async function openLocalProvider(opts: { dataDir: string; issuer: () => string }): Promise<LocalProvider> {
  const kept = keptIdentity(opts.dataDir);
  const publicJwk: JWK = { kty: 'RSA', n: kept.privateJwk.n, e: kept.privateJwk.e };
  const kid = await calculateJwkThumbprint(publicJwk);
  const publicKey: JWK = { ...publicJwk, kid, use: 'sig', alg: 'RS256' };
  const signingKey = (await importJWK(kept.privateJwk as JWK, 'RS256')) as CryptoKey;
  const digest = (value: string) => createHash('sha256').update(value).digest();

  return {
    clientId: kept.clientId,
    clientSecret: kept.clientSecret,
    issuer: opts.issuer,
    jwks: { keys: [publicKey] },
    metadata() {
      const issuer = opts.issuer();
      return {
        issuer,
        authorization_endpoint: `${issuer}/authorize`,
        token_endpoint: `${issuer}/token`,
        jwks_uri: `${issuer}/jwks`,
        response_types_supported: ['code'],
        grant_types_supported: ['authorization_code'],
        subject_types_supported: ['public'],
        id_token_signing_alg_values_supported: ['RS256'],
        scopes_supported: ['openid', 'email', 'profile'],
        token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post'],
        code_challenge_methods_supported: ['S256'],
        authorization_response_iss_parameter_supported: true,
        claims_supported: ['iss', 'aud', 'sub', 'email', 'email_verified', 'name', 'picture', 'nonce', 'iat', 'exp', 'azp'],
      };
    },
    subjectFor(email) {
      const mac = createHmac('sha256', kept.clientSecret).update(`sub:${email.toLowerCase()}`).digest();
      return `10${(mac.readBigUInt64BE(0) % 10n ** 19n).toString().padStart(19, '0')}`;
    },
    signIdToken(claims, signOpts = {}) {
      const { sub, nonce, ...profile } = claims;
      return new SignJWT({ ...profile, email_verified: true, azp: kept.clientId, ...(nonce ? { nonce } : {}) })
        .setProtectedHeader({ alg: 'RS256', kid, typ: 'JWT' })
        .setIssuer(signOpts.issuer ?? opts.issuer())
        .setAudience(signOpts.audience ?? kept.clientId)
        .setSubject(sub)
        .setIssuedAt()
        .setExpirationTime(Math.floor(Date.now() / 1000) + (signOpts.lifetimeSeconds ?? ID_TOKEN_LIFETIME_S))
        .sign(signingKey);
    },
    clientSecretMatches: (secret) => timingSafeEqual(digest(secret), digest(kept.clientSecret)),
  };
}
