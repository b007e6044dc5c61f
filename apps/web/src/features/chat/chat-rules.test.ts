import * as contract from '@market/contract';
import { describe, expect, it } from 'vitest';
import { maxMessagePhotos, messageReportReasons, scamSigns } from './chat-rules.ts';

/** The web says the contract's chat rules again without zod (chat-rules.ts): they must be the contract's. */
describe('the chat rules the screens use', () => {
  it('are the contract’s', () => {
    expect(maxMessagePhotos).toBe(contract.maxMessagePhotos);
    expect([...scamSigns].sort()).toEqual([...contract.scamSigns].sort());
    expect([...messageReportReasons]).toEqual([...contract.messageReportReasons]);
  });
});
