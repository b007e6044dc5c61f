import type { LiveEvent } from '@market/contract';
import { api, dealConversations } from '../../lib/api.ts';
import type { SharedDispatch } from '../../lib/shared-state.ts';
import { upsertMessage } from './api.ts';

/**
 * What an event of the live stream changes in the cache (issue 33): a new message goes into its open thread as it
 * is (no refetch) and the conversations' lists and counts are asked again; a read receipt asks its conversation
 * again; a notification, the bell's; a reset (too much was missed), all of them.
 */
export function applyLiveEvent(dispatch: SharedDispatch, event: LiveEvent) {
  switch (event.type) {
    case 'message':
      dispatch(upsertMessage(event.message));
      dispatch(api.util.invalidateTags(['conversation']));
      break;
    case 'read':
      dispatch(
        api.util.invalidateTags([
          { type: 'conversation', id: event.conversationId },
          { type: 'conversation', id: 'LIST' },
          { type: 'conversation', id: 'UNREAD' },
          dealConversations,
        ]),
      );
      break;
    case 'notification':
      // A saved phone's drop or sale (issue 34) changes the Saved page too.
      dispatch(api.util.invalidateTags(['notification', 'saved']));
      break;
    case 'reset':
      dispatch(api.util.invalidateTags(['conversation', 'message', 'notification', 'saved']));
      break;
  }
}
