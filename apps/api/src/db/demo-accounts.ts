import type { DemoAccount } from '@market/contract';

/** The spec's three demo logins, each with a 6-character password. Seeded, and listed while DEMO is on. */
export const demoAccounts = [
  { role: 'Admin', email: 'admin@resale.demo', password: 'admin1', name: 'Ayesha Rahman (Admin)' },
  { role: 'Seller', email: 'seller@resale.demo', password: 'seller', name: 'Tanvir Hasan' },
  { role: 'Buyer', email: 'buyer@resale.demo', password: 'buyer1', name: 'Nusrat Jahan' },
] as const satisfies readonly (DemoAccount & { name: string })[];
