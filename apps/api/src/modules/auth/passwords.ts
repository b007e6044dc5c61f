import { hash, verify } from '@node-rs/argon2';

/** argon2id with the library's defaults. */
export const hashPassword = (password: string) => hash(password);

/** False for a wrong password and for a stored value that is not a hash. */
export const passwordMatches = (stored: string, password: string) => verify(stored, password).catch(() => false);
