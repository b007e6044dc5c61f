import { expect, it } from 'vitest';
import { useTestApp } from '../../../test/helper.ts';
import { callRoute } from '../../../test/call-route.ts';

const ctx = useTestApp({ demo: false });

it('GET /api/demo-accounts is a 404 while DEMO is off', async () => {
  const res = await callRoute(ctx.app, 'demoAccounts');
  expect(res.status).toBe(404);
  expect(res.body.success).toBe(false);
});
