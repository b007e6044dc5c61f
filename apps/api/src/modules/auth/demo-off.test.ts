import { expect, it } from 'vitest';
import { call, useTestApp } from '../../../test/helper.ts';

const ctx = useTestApp({ demo: false });

it('GET /api/demo-accounts is a 404 while DEMO is off', async () => {
  const res = await call(ctx.app, { method: 'GET', url: '/api/demo-accounts' });
  expect(res.status).toBe(404);
  expect(res.body.success).toBe(false);
});
