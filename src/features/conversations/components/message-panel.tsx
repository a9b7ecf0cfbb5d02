import { useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useParams } from 'react-router-dom';
import { Button } from 'primereact/button';
import type { Message } from '../../../api/generated/model/message';
import type { Quote } from '../../../api/generated/model/quote';
import { groupReactions } from '../reactions';
import { MessageBubble } from './message-bubble';

/** Messages rendered at first and added per step when the reader goes back in time. */
export const MESSAGE_WINDOW = 100;
/** Closer than this to the bottom counts as reading the newest messages. */
const BOTTOM_SLACK_PX = 48;
/** Closer than this to the top brings earlier messages in. */
const TOP_SLACK_PX = 80;

/** The server's earlier messages, for a conversation loaded a page at a time. */
export interface EarlierPages {
  hasEarlier: boolean;
  loading: boolean;
  failed: boolean;
  loadEarlier: () => void;
}

interface MessagePanelProps {
  /** Every loaded message, oldest first. */
  messages: Message[];
  /** Set by the owner before its own send: the next new message scrolls into view whatever the position. */
  followNextRef: React.RefObject<boolean>;
  /** Where earlier messages come from once every loaded one shows. */
  earlier?: EarlierPages;
  /** The conversation shown, for a failed message's Retry; else the route's :id. */
  conversationId?: number;
  /** How the customer is named, for a photo's description; unknown while the conversation loads. */
  customerName?: string;
  /** The conversation's quotes by id (beyond the spec): each shows under the message that sent it. */
  quotes?: ReadonlyMap<number, Quote>;
}

/** Keys that stay with their message when messages come in above or below (an id may repeat). */
function messageKeys(messages: readonly Message[]): string[] {
  const seen = new Map<number, number>();
  return messages.map((message) => {
    const n = seen.get(message.id) ?? 0;
    seen.set(message.id, n + 1);
    return `${message.id}-${n}`;
  });
}

/**
 * A panel of fixed height (600 px) that opens at the newest message. Only the newest
 * MESSAGE_WINDOW messages are rendered at first; scrolling to the top (or the
 * 'Show earlier messages' button) renders more, or fetches the server's page of
 * earlier messages, while the view stays where it was, so a conversation of
 * thousands of messages opens as fast as a short one.
 * New messages follow the reader who is at the bottom; a reader scrolled up
 * stays put and gets a 'new messages' button instead.
 * A reaction (beyond the spec) shows under the message it reacts to, not as a
 * row of its own, when that message is loaded; a quote (beyond the spec) under
 * the message that sent it.
 */
export function MessagePanel({
  messages: loaded,
  followNextRef,
  earlier,
  conversationId,
  customerName,
  quotes,
}: MessagePanelProps) {
  const { shown: messages, reactions } = useMemo(() => groupReactions(loaded), [loaded]);
  const routeId = useParams().id;
  const retryId = conversationId ?? (/^\d+$/.test(routeId ?? '') ? Number(routeId) : undefined);
  const scroller = useRef<HTMLDivElement>(null);
  const [start, setStart] = useState(() => Math.max(0, messages.length - MESSAGE_WINDOW));
  const [unseen, setUnseen] = useState(0);
  const atBottom = useRef(true);
  const lastSeen = useRef<{ firstId?: number; lastId?: number; startId?: number }>({
    firstId: messages[0]?.id,
    lastId: messages.at(-1)?.id,
    startId: messages[start]?.id,
  });
  /** Distance from the bottom to keep while earlier messages are inserted above. */
  const keepFromBottom = useRef<number | null>(null);

  const scrollToBottom = useCallback(() => {
    const el = scroller.current;
    if (!el) return;
    el.scrollTop = el.scrollHeight;
    atBottom.current = true;
    setUnseen(0);
  }, []);

  // Opens at the newest message.
  useLayoutEffect(scrollToBottom, [scrollToBottom]);

  // Earlier messages went in above: put the view back where the reader was.
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el || keepFromBottom.current === null) return;
    el.scrollTop = el.scrollHeight - keepFromBottom.current;
    keepFromBottom.current = null;
  }, [start]);

  // The messages changed: earlier ones came in above (a page the reader asked for), new ones
  // at the end (a refetch), or the list was replaced.
  useLayoutEffect(() => {
    const previous = lastSeen.current;
    const firstId = messages[0]?.id;
    const lastId = messages.at(-1)?.id;
    lastSeen.current = { firstId, lastId, startId: messages[start]?.id };

    if (firstId !== previous.firstId) {
      const el = scroller.current;
      if (keepFromBottom.current !== null && start === 0) {
        // The earlier page arrived: all of it renders above, and the view stays where it was.
        if (el) el.scrollTop = el.scrollHeight - keepFromBottom.current;
        keepFromBottom.current = null;
      } else if (start > 0 && previous.startId !== undefined) {
        // The first message rendered stays the first, so nothing above the reader moves.
        const at = messages.findIndex((m) => m.id === previous.startId);
        if (at >= 0 && at !== start) setStart(at);
      }
    }

    if (lastId === previous.lastId) return;
    // How many came after the last one seen; none when it is gone (the list was replaced).
    const before = previous.lastId === undefined ? -1 : messages.findLastIndex((m) => m.id === previous.lastId);
    const arrived = before >= 0 ? messages.length - 1 - before : 0;
    if (arrived === 0) {
      // Replaced or shortened (not a normal refetch): keep the window inside the list.
      if (start > messages.length) setStart(Math.max(0, messages.length - MESSAGE_WINDOW));
      return;
    }
    if (atBottom.current || followNextRef.current) {
      followNextRef.current = false;
      scrollToBottom();
    } else {
      setUnseen((n) => n + arrived);
    }
  }, [messages, start, followNextRef, scrollToBottom]);

  const fetching = earlier?.loading ?? false;
  const failed = earlier?.failed ?? false;
  const loadEarlier = earlier?.loadEarlier;
  const hasEarlier = start > 0 || (earlier?.hasEarlier ?? false);

  // The earlier page did not come: there is no insertion to keep the view for.
  useLayoutEffect(() => {
    if (failed && start === 0) keepFromBottom.current = null;
  }, [failed, start]);

  const showEarlier = useCallback(() => {
    const el = scroller.current;
    if (!el) return;
    if (start > 0) {
      keepFromBottom.current = el.scrollHeight - el.scrollTop;
      setStart((s) => Math.max(0, s - MESSAGE_WINDOW));
    } else if (loadEarlier && !fetching) {
      keepFromBottom.current = el.scrollHeight - el.scrollTop;
      loadEarlier();
    }
  }, [start, loadEarlier, fetching]);

  const onScroll = () => {
    const el = scroller.current;
    if (!el) return;
    atBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight <= BOTTOM_SLACK_PX;
    if (atBottom.current && unseen > 0) setUnseen(0);
    // At the top: the next step back, unless one is on its way (or the last fetch failed: the button retries).
    const more = start > 0 || (hasEarlier && !fetching && !failed);
    if (el.scrollTop <= TOP_SLACK_PX && more && keepFromBottom.current === null) showEarlier();
  };

  const visible = start > 0 ? messages.slice(start) : messages;
  const keys = messageKeys(visible);

  return (
    <div className="message-panel">
      <div
        ref={scroller}
        className="message-scroller"
        role="log"
        aria-label="Messages"
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region must be focusable to scroll by keyboard (WCAG 2.1.1)
        tabIndex={0}
        onScroll={onScroll}
      >
        {hasEarlier && (
          <div className="message-earlier">
            <Button
              type="button"
              label="Show earlier messages"
              icon={start === 0 && fetching ? 'pi pi-spin pi-spinner' : 'pi pi-arrow-up'}
              aria-busy={start === 0 && fetching}
              text
              size="small"
              onClick={showEarlier}
            />
          </div>
        )}
        {start === 0 && failed && (
          <p className="message-earlier-error" role="alert">
            Failed to load earlier messages
          </p>
        )}
        {messages.length === 0 && <p className="conv-state">No messages yet</p>}
        {visible.map((message, index) => (
          // Occurrence-qualified: ids come from the server and a key clash must not drop a message.
          <MessageBubble
            key={keys[index]}
            message={message}
            conversationId={retryId}
            customerName={customerName}
            reactions={reactions.get(message.id)}
            quote={message.quoteId === undefined ? undefined : quotes?.get(message.quoteId)}
          />
        ))}
      </div>
      {unseen > 0 && (
        <Button
          type="button"
          className="new-messages-button"
          icon="pi pi-arrow-down"
          label={unseen === 1 ? '1 new message' : `${unseen} new messages`}
          rounded
          size="small"
          onClick={scrollToBottom}
        />
      )}
    </div>
  );
}
