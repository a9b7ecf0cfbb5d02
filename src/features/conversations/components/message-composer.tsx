import { useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import type { Conversation } from '../../../api/generated/model/conversation';
import { fillQuickReply } from '../../../lib/quick-replies/variables';
import { ComposerPickers, type Insert, type Picker } from './composer-pickers';
import { Button } from 'primereact/button';
import { InputTextarea } from 'primereact/inputtextarea';
import { useSendConversationMessage } from '../../../api/generated/endpoints/conversations/conversations';
import { useToast } from '../../../lib/toast/toast-context';

interface MessageComposerProps {
  conversationId: number;
  /** Whether the conversation is in admin_takeover: only then can an admin send. */
  takeover: boolean;
  /** Called just before a send goes out. */
  onSend?: () => void;
  /** Fills the quick replies' placeholders (beyond the spec). */
  conversation?: Conversation;
}

/**
 * The message composer: sends the trimmed text (never blank) as a text message
 * with POST /api/conversations/{id}/messages, only in admin_takeover; Enter
 * sends, Shift+Enter starts a new line. A failed send says 'Failed to send
 * message' and keeps the text.
 */
export function MessageComposer({ conversationId, takeover, onSend, conversation }: MessageComposerProps) {
  const [text, setText] = useState('');
  const input = useRef<HTMLTextAreaElement>(null);
  const [picker, setPicker] = useState<Picker>(null);
  // Placeholders a quick reply could not fill: named below the box until they are gone from the text.
  const [unfilled, setUnfilled] = useState<string[]>([]);
  const stillUnfilled = unfilled.filter((token) => text.includes(token));

  /** Puts `insert` at the caret (replacing a selection) and the caret after it. */
  const insertText: Insert = (insert) => {
    const box = input.current;
    const start = box?.selectionStart ?? text.length;
    const end = box?.selectionEnd ?? text.length;
    const next = (text.slice(0, start) + insert + text.slice(end)).slice(0, 4096);
    setText(next);
    const caret = Math.min(start + insert.length, next.length);
    requestAnimationFrame(() => {
      input.current?.focus();
      input.current?.setSelectionRange(caret, caret);
    });
  };
  const insertQuickReply = (content: string, values: Parameters<typeof fillQuickReply>[1]) => {
    const filled = fillQuickReply(content, values);
    setUnfilled((current) => [...new Set([...current, ...filled.missing.map((name) => `{{${name}}}`)])]);
    insertText(filled.text);
  };
  const send = useSendConversationMessage();
  const toast = useToast();
  // The pending flag of the mutation reaches the button a render later; this
  // stops a second Enter pressed in between.
  const inFlight = useRef(false);
  const content = text.trim();
  const canSend = takeover && content !== '' && !send.isPending;

  const submit = async () => {
    if (!takeover || content === '' || inFlight.current) return;
    inFlight.current = true;
    onSend?.();
    try {
      // Resolves once the messages have been refetched (the invalidation table).
      await send.mutateAsync({ id: conversationId, data: { content, messageType: 'text' } });
      setText('');
    } catch {
      toast({ title: 'Error', description: 'Failed to send message', variant: 'destructive' });
    } finally {
      inFlight.current = false;
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void submit();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // "/" as the first character opens the quick replies (when the backend has them).
    if (event.key === '/' && text === '' && !event.ctrlKey && !event.metaKey && !event.altKey) {
      const button = document.getElementById('quick-replies-button');
      if (button instanceof HTMLButtonElement && !button.disabled) {
        event.preventDefault();
        setPicker('quick-replies');
        return;
      }
    }
    // Enter sends; Shift+Enter (and Enter that confirms an IME composition) types.
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    void submit();
  };

  return (
    <form className="message-composer" onSubmit={onSubmit}>
      <label htmlFor="message-input" className="sr-only">
        Message
      </label>
      <InputTextarea
        ref={input}
        id="message-input"
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
        placeholder={takeover ? 'Type your message...' : 'Enable admin mode to send messages'}
        disabled={!takeover}
        // What is being sent stays as it is until the server has answered.
        readOnly={send.isPending}
        rows={2}
        autoResize
        aria-keyshortcuts="/"
        maxLength={4096}
      />
      {takeover && (
        <ComposerPickers
          conversation={conversation}
          picker={picker}
          setPicker={setPicker}
          insertText={insertText}
          insertQuickReply={insertQuickReply}
        />
      )}
      <Button
        type="submit"
        icon={send.isPending ? 'pi pi-spin pi-spinner' : 'pi pi-send'}
        aria-label="Send message"
        disabled={!canSend}
      />
      {stillUnfilled.length > 0 && (
        <p className="composer-note" role="status">
          Fill in before sending: {stillUnfilled.join(', ')}
        </p>
      )}
    </form>
  );
}
