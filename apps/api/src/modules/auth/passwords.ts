import { hash, verify } from '@node-rs/argon2';

/** argon2id's cost in memory (KiB) and passes. */
export interface PasswordCost {
  memoryCost: number;
  timeCost: number;
}

/** The library's defaults (19 MiB, 2 passes: OWASP's first argon2id setting), about 25 ms of a core per hash. */
let cost: Partial<PasswordCost> = {};

/**
 * Sets the cost of the hashes made from now on in this process (`{}`: the defaults) and answers the one before: the
 * in-process API tests (test/password-cost.ts), which sign up and log in thousands of people, lower it to a fortieth
 * of the CPU each. A stored hash names its own cost, so checking a password is the same code either way; the servers
 * the tests start as processes keep the defaults.
 */
export function setPasswordCost(next: Partial<PasswordCost>) {
  const before = cost;
  cost = next;
  return before;
}

/** argon2id, at the library's defaults but where setPasswordCost said otherwise. */
export const hashPassword = (password: string) => hash(password, cost);

/** False for a wrong password and for a stored value that is not a hash. */
export const passwordMatches = (stored: string, password: string) => verify(stored, password).catch(() => false);
