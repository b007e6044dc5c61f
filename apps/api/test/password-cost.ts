import { setPasswordCost } from '../src/modules/auth/passwords.ts';

/**
 * Every API test file (vitest.config.ts setupFiles): passwords hashed in the test process cost argon2id's least
 * (1 MiB, one pass) instead of the defaults — the suite signs up and logs in thousands of people, a fortieth of the
 * CPU each. passwords.test.ts checks the defaults themselves; servers started as processes keep them.
 */
setPasswordCost({ memoryCost: 1024, timeCost: 1 });
