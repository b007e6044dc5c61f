import { afterEach, describe, expect, it } from 'vitest';
import { hashPassword, passwordMatches, setPasswordCost } from './passwords.ts';

describe('password hashes', () => {
  // The test setup (test/password-cost.ts) lowered the cost: each test here says the one it means, and this puts it back.
  let lowered: ReturnType<typeof setPasswordCost> | undefined;
  afterEach(() => void (lowered && setPasswordCost(lowered)));

  it("are argon2id at the library's defaults (19 MiB, 2 passes) in a server", async () => {
    lowered = setPasswordCost({});
    const stored = await hashPassword('secret1');
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await passwordMatches(stored, 'secret1')).toBe(true);
    expect(await passwordMatches(stored, 'secret2')).toBe(false);
  });

  it('checks a password against the cost its hash names, whatever the cost of new hashes', async () => {
    lowered = setPasswordCost({});
    const strong = await hashPassword('secret1');
    setPasswordCost({ memoryCost: 1024, timeCost: 1 });
    const cheap = await hashPassword('secret1');
    expect(cheap).toMatch(/^\$argon2id\$v=19\$m=1024,t=1,p=1\$/);
    expect(await passwordMatches(strong, 'secret1')).toBe(true);
    expect(await passwordMatches(cheap, 'secret1')).toBe(true);
    expect(await passwordMatches('not a hash', 'secret1')).toBe(false);
  });
});
