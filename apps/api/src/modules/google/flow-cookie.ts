import { hkdfSync } from 'node:crypto';
import { EncryptJWT, jwtDecrypt } from 'jose';
import { z } from 'zod';

/**
 * What the callback must check, carried from /start to /callback by the browser in an
 * encrypted, httpOnly, SameSite=Lax cookie that lives ten minutes and is cleared by
 * the callback: the server keeps nothing between the two requests.
 */
export const FLOW_COOKIE = 'google_sign_in';
export const FLOW_PATH = '/api/auth/google';
const LIFETIME_S = 600;

const Flow = z.object({
  state: z.string().min(1),
  nonce: z.string().min(1),
  verifier: z.string().min(43),
  redirectUri: z.url(),
});
export type Flow = z.infer<typeof Flow>;

export function flowCookies(jwtSecret: string) {
  const key = new Uint8Array(hkdfSync('sha256', jwtSecret, 'market', 'google sign-in flow cookie', 32));

  const attributes = (secure: boolean, maxAge: number) => `Path=${FLOW_PATH}; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;

  return {
    async seal(flow: Flow, secure: boolean): Promise<string> {
      const sealed = await new EncryptJWT(flow)
        .setProtectedHeader({ alg: 'dir', enc: 'A256GCM' })
        .setIssuedAt()
        .setExpirationTime(`${LIFETIME_S}s`)
        .encrypt(key);
      return `${FLOW_COOKIE}=${sealed}; ${attributes(secure, LIFETIME_S)}`;
    },
    cleared: (secure: boolean) => `${FLOW_COOKIE}=; ${attributes(secure, 0)}`,
    /** The flow from the request's cookie header, or undefined when missing, tampered with or expired. */
    async open(cookieHeader: string | undefined): Promise<Flow | undefined> {
      const value = cookieHeader
        ?.split(';')
        .map((part) => part.trim())
        .find((part) => part.startsWith(`${FLOW_COOKIE}=`))
        ?.slice(FLOW_COOKIE.length + 1);
      if (!value) return undefined;
      try {
        const { payload } = await jwtDecrypt(value, key, { keyManagementAlgorithms: ['dir'], contentEncryptionAlgorithms: ['A256GCM'] });
        const flow = Flow.safeParse(payload);
        return flow.success ? flow.data : undefined;
      } catch {
        return undefined;
      }
    },
  };
}
