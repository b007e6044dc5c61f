import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderAt } from '../../test-utils.tsx';
import { DealMessages } from './deal-messages.tsx';
import { aPaidOrder } from './test-fixtures.ts';

/** Issue 33: a deal's row links to its conversation from the order's own answer (no request per row). */
const productId = '22222222-2222-4222-8222-222222222222';
const conversation = { _id: 'c0000000-0000-4000-8000-000000000001', unread: { buyer: 0, seller: 3 } };

describe("a deal's Messages", () => {
  it('opens the conversation, naming the reader’s own unread count', () => {
    renderAt('/', <DealMessages order={aPaidOrder({ productId, conversation })} side="seller" />);
    const link = screen.getByRole('link', { name: 'Messages with Mitu Akter about iPhone 13, 3 unread' });
    expect(link).toHaveAttribute('href', `/dashboard/messages/${conversation._id}`);
    expect(link).toHaveTextContent('Messages3');
  });

  it('shows the buyer no count of what the seller has not read', () => {
    renderAt('/', <DealMessages order={aPaidOrder({ productId, conversation })} side="buyer" />);
    expect(screen.getByRole('link', { name: 'Messages about iPhone 13' })).toHaveTextContent(/^Messages$/);
  });

  it('lets a buyer without a conversation start one; a seller only answers', () => {
    renderAt('/', <DealMessages order={aPaidOrder({ productId })} side="buyer" />);
    expect(screen.getByRole('link', { name: 'Messages about iPhone 13' })).toHaveAttribute('href', `/dashboard/messages/new?product=${productId}`);
  });

  it('is not there for a seller before the buyer wrote, nor once the phone is gone', () => {
    renderAt('/', <DealMessages order={aPaidOrder({ productId })} side="seller" />);
    expect(screen.queryByRole('link')).toBeNull();
    renderAt('/', <DealMessages order={aPaidOrder({ productId: null, conversation })} side="buyer" />);
    expect(screen.queryByRole('link')).toBeNull();
  });
});
