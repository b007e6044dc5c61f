import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startLine } from './start-line.ts';

const base = { host: '127.0.0.1', demo: true, databaseUrl: undefined, mail: { smtpUrl: undefined, from: 'x' } };
const started = { origin: 'http://localhost:3000', listening: '127.0.0.1:3000', pgliteDir: join(process.cwd(), 'data', 'db') };

describe('the start-up line', () => {
  it('names the embedded database by its folder under the working directory', () => {
    expect(startLine(base, started)).toContain('database: embedded PGlite in ./data/db');
  });

  it('names a PostgreSQL server by host and database, never its user or password', () => {
    const line = startLine(
      { ...base, databaseUrl: 'postgres://market:s3cret-pass@db.internal:5432/market', mail: { smtpUrl: 'smtp://u:mailpass@mx:587', from: 'x' } },
      { ...started, pgliteDir: undefined },
    );
    expect(line).toContain('database: PostgreSQL db.internal:5432/market');
    expect(line).not.toMatch(/s3cret-pass|market:|mailpass/);
    // Mails go out over SMTP: no Outbox hint.
    expect(line).not.toContain('Outbox');
  });

  it('says why it listens on this computer only while DEMO is on, and lists the demo logins; neither without DEMO', () => {
    const demo = startLine(base, started);
    expect(demo).toContain('listening on 127.0.0.1:3000, this computer only (DEMO is on');
    expect(demo).toContain('demo logins: Admin admin@resale.demo / admin1');
    const plain = startLine({ ...base, demo: false, host: '0.0.0.0' }, { ...started, listening: '0.0.0.0:3000' });
    expect(plain).toContain('listening on 0.0.0.0:3000 — ');
    expect(plain).not.toMatch(/demo|this computer only/);
  });
});
