import { useCallback, useLayoutEffect, useRef, useState } from 'react';
import { Button } from 'primereact/button';
import type { Message } from '../../../api/generated/model/message';
import { MessageBubble } from './message-bubble';

/** Messages rendered at first and added per step when the reader goes back in time. */
export const MESSAGE_WINDOW = 100;
/** Closer than this to the bottom counts as reading the newest messages. */
const BOTTOM_SLACK_PX = 48;
/** Closer than this to the top brings earlier messages in. */
const TOP_SLACK_PX = 80;

interface MessagePanelProps {
  messages: Message[];
  /** Set by the owner before its own send: the next new message scrolls into view whatever the position. */
  followNextRef: React.RefObject<boolean>;
}

/**
 * A panel of fixed height (600 px) that opens at the newest message. Only the newest
 * MESSAGE_WINDOW messages are rendered at first; scrolling to the top (or the
 * 'Show earlier messages' button) renders more while the view stays where it
 * was, so a conversation of thousands of messages opens as fast as a short one.
 * New messages follow the reader who is at the bottom; a reader scrolled up
 * stays put and gets a 'new messages' button instead.
 */
export function MessagePanel({ messages, followNextRef }: MessagePanelProps) {
  const scroller = useRef<HTMLDivElement>(null);
  const [start, setStart] = useState(() => Math.max(0, messages.length - MESSAGE_WINDOW));
  const [unseen, setUnseen] = useState(0);
  const atBottom = useRef(true);
  const lastSeen = useRef<{ count: number; lastId: number | undefined }>({
    count: messages.length,
    lastId: messages.at(-1)?.id,
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

  // Messages arrived at the end.
  useLayoutEffect(() => {
    const previous = lastSeen.current;
    const lastId = messages.at(-1)?.id;
    lastSeen.current = { count: messages.length, lastId };
    if (lastId === previous.lastId || messages.length <= previous.count) {
      // Replaced or shortened (not a normal refetch): keep the window inside the list.
      if (start > messages.length) setStart(Math.max(0, messages.length - MESSAGE_WINDOW));
      return;
    }
    if (atBottom.current || followNextRef.current) {
      followNextRef.current = false;
      scrollToBottom();
    } else {
      setUnseen((n) => n + messages.length - previous.count);
    }
  }, [messages, start, followNextRef, scrollToBottom]);

  const showEarlier = useCallback(() => {
    const el = scroller.current;
    if (!el) return;
    keepFromBottom.current = el.scrollHeight - el.scrollTop;
    setStart((s) => Math.max(0, s - MESSAGE_WINDOW));
  }, []);

  const onScroll = () => {
    const el = scroller.current;
    if (!el) return;
    atBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight <= BOTTOM_SLACK_PX;
    if (atBottom.current && unseen > 0) setUnseen(0);
    if (el.scrollTop <= TOP_SLACK_PX && start > 0 && keepFromBottom.current === null) showEarlier();
  };

  const visible = start > 0 ? messages.slice(start) : messages;

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
        {start > 0 && (
          <div className="message-earlier">
            <Button
              type="button"
              label="Show earlier messages"
              icon="pi pi-arrow-up"
              text
              size="small"
              onClick={showEarlier}
            />
          </div>
        )}
        {messages.length === 0 && <p className="conv-state">No messages yet</p>}
        {visible.map((message, index) => (
          // Index-qualified: ids come from the server and a key clash must not drop a message.
          <MessageBubble key={`${message.id}-${start + index}`} message={message} />
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
