// Unread per conversation (beyond the spec: unreadCount, POST/DELETE
// /api/conversations/{id}/read). Opening a conversation reads it; "Mark as
// unread" keeps it unread for the rest of this visit. A backend without read
// state sends no unreadCount: then nothing here calls it.
import { useEffect, useRef, useState } from 'react';
import {
  useMarkConversationRead,
  useMarkConversationUnread,
} from '../../api/generated/endpoints/conversations/conversations';
import type { Conversation } from '../../api/generated/model/conversation';
import { useToast } from '../../lib/toast/toast-context';

/** Used keyed by the conversation's id: a new conversation is a new visit. */
export function useReadState(conversation: Conversation | undefined) {
  const read = useMarkConversationRead();
  const unread = useMarkConversationUnread();
  const toast = useToast();
  const [keptUnread, setKeptUnread] = useState(false);
  // What was last read: a conversation that is read again only when a new message changed it.
  const readAt = useRef<string | null>(null);
  const { mutate } = read;

  const id = conversation?.id;
  const count = conversation?.unreadCount;
  const last = conversation?.lastMessageAt;
  useEffect(() => {
    if (id === undefined || count === undefined || count === 0 || keptUnread) return;
    const key = `${id}:${last}`;
    if (readAt.current === key) return;
    readAt.current = key;
    // A failure leaves it unread: nothing the person on this screen has to act on.
    mutate({ id }, { onError: () => {} });
  }, [id, count, last, keptUnread, mutate]);

  const markUnread = async () => {
    if (id === undefined) return;
    try {
      setKeptUnread(true);
      await unread.mutateAsync({ id });
      toast({ title: 'Marked as unread', description: 'It stays unread until someone opens it again.' });
    } catch {
      setKeptUnread(false);
      toast({ title: 'Error', description: 'Failed to mark the conversation as unread', variant: 'destructive' });
    }
  };

  return {
    /** The backend keeps read state: offer "Mark as unread". */
    supported: count !== undefined,
    markUnread,
    pending: unread.isPending,
  };
}
