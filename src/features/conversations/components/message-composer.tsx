import { useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
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
}

/**
 * The message composer: sends the trimmed text (never blank) as a text message
 * with POST /api/conversations/{id}/messages, only in admin_takeover; Enter
 * sends, Shift+Enter starts a new line. A failed send says 'Failed to send
 * message' and keeps the text.
 */
export function MessageComposer({ conversationId, takeover, onSend }: MessageComposerProps) {
  const [text, setText] = useState('');
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
      <Button
        type="submit"
        icon={send.isPending ? 'pi pi-spin pi-spinner' : 'pi pi-send'}
        aria-label="Send message"
        disabled={!canSend}
      />
    </form>
  );
}
