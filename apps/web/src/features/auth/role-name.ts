import type { Role } from '@market/contract';
import { translate } from '../../lib/i18n.ts';

const names = { Admin: 'auth.roleAdmin', Seller: 'auth.roleSeller', Buyer: 'auth.roleBuyer' } as const;

/** A role as people read it, in the page's language ('Seller', 'বিক্রেতা'); the value sent stays the contract's. */
export const roleName = (role: Role): string => translate(names[role]);
