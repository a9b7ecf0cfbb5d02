import { useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Button } from 'primereact/button';
import { InputTextarea } from 'primereact/inputtextarea';
import { useSendConversationMessage } from '../../../api/generated/endpoints/conversations/conversations';
import { useListQuickReplies } from '../../../api/generated/endpoints/quick-replies/quick-replies';
import type { Conversation } from '../../../api/generated/model/conversation';
import { fillInBefore, unfilledBlanks } from '../../../../common/placeholders';
import { Tooltip } from '../../../components/ui/tooltip';
import { formatAmount } from '../../../lib/format/money';
import { useToast } from '../../../lib/toast/toast-context';
import { ProductCardPicker } from './product-card-picker';
import { QuickRepliesPicker } from './quick-replies-picker';
import { TakeoverNote } from './takeover-switch';
import { takeoverNoteText } from '../handoff';

/** The longest message WhatsApp (and the contract) takes. */
const MAX_LENGTH = 4096;

type Picker = 'quick-replies' | 'product' | null;

interface MessageComposerProps {
  conversationId: number;
  /** Whether the conversation is in admin_takeover: only then can an admin send. */
  takeover: boolean;
  /** Called just before a send goes out. */
  onSend?: () => void;
  /** The conversation on screen: fills the quick replies' placeholders (beyond the spec). */
  conversation?: Conversation;
}

/**
 * The message composer: sends the trimmed text (never blank) as a text message
 * with POST /api/conversations/{id}/messages, only in admin_takeover; Enter
 * sends, Shift+Enter starts a new line. A failed send says 'Failed to send
 * message' and keeps the text.
 *
 * Beyond the spec, in admin_takeover: quick replies (only when GET
 * /api/quick-replies answers; "/" typed into the empty box opens them too)
 * and a product card from the catalogue, both put in at the caret.
 */
export function MessageComposer({ conversationId, takeover, onSend, conversation }: MessageComposerProps) {
  const [text, setText] = useState('');
  const input = useRef<HTMLTextAreaElement>(null);
  const send = useSendConversationMessage();
  const toast = useToast();
  // The pending flag of the mutation reaches the button a render later; this
  // stops a second Enter pressed in between.
  const inFlight = useRef(false);
  const content = text.trim();
  // A blank left in the text (a quick reply's {{offerPrice}} nobody filled in, or one typed)
  // keeps Send disabled, with the reason beside the button: the customer must never get it.
  const blanks = unfilledBlanks(content);
  const blocked = takeover && blanks.length > 0;
  const canSend = takeover && content !== '' && !blocked && !send.isPending;

  // A backend without quick replies answers 404 (or fails): no button, and "/" is just text.
  const quickReplies = useListQuickReplies({ query: { enabled: takeover } });
  const replies = quickReplies.data ?? [];
  const hasQuickReplies = takeover && quickReplies.isSuccess && replies.length > 0;

  const [picker, setPicker] = useState<Picker>(null);
  // Closed for good when its button goes (takeover ended, the quick replies went away).
  if ((picker === 'quick-replies' && !hasQuickReplies) || (picker === 'product' && !takeover)) setPicker(null);
  /** Where the text goes: the box's selection when the picker opened. */
  const selection = useRef<{ start: number; end: number } | null>(null);

  const openPicker = (which: Exclude<Picker, null>) => {
    const box = input.current;
    if (box) {
      selection.current = { start: box.selectionStart, end: box.selectionEnd };
      // The dialog gives focus back to what had it: the box, whichever way it was opened.
      box.focus();
    }
    setPicker(which);
  };

  const closePicker = () => {
    setPicker(null);
    requestAnimationFrame(() => input.current?.focus());
  };

  /**
   * Puts `insert` where the caret was (replacing a selection), the caret after it. A block
   * (a product card) gets lines of its own. Nothing changes when the result would be too long.
   */
  const insertText = (insert: string, block = false) => {
    const box = input.current;
    const current = box?.value ?? text;
    const saved = selection.current ?? {
      start: box?.selectionStart ?? current.length,
      end: box?.selectionEnd ?? current.length,
    };
    selection.current = null;
    const start = Math.min(saved.start, current.length);
    const end = Math.min(Math.max(saved.end, start), current.length);
    let piece = insert;
    if (block && start > 0 && current[start - 1] !== '\n') piece = `\n${piece}`;
    if (block && end < current.length && current[end] !== '\n') piece = `${piece}\n`;
    const next = current.slice(0, start) + piece + current.slice(end);
    if (next.length > MAX_LENGTH) {
      toast({
        title: 'Error',
        description: `Too long to insert: a message holds at most ${formatAmount(MAX_LENGTH)} characters`,
        variant: 'destructive',
      });
      return false;
    }
    setText(next);
    const caret = start + piece.length;
    requestAnimationFrame(() => {
      input.current?.focus();
      input.current?.setSelectionRange(caret, caret);
    });
    return true;
  };

  // The placeholders it had no value for stay in the text, which names them beside Send.
  const insertQuickReply = (filled: string) => void insertText(filled);

  const submit = async () => {
    if (!takeover || content === '' || unfilledBlanks(content).length > 0 || inFlight.current) return;
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
    // "/" as the first character opens the quick replies (when there are any) instead of typing.
    if (
      event.key === '/' &&
      text === '' &&
      hasQuickReplies &&
      !send.isPending &&
      !event.ctrlKey &&
      !event.metaKey &&
      !event.altKey &&
      !event.nativeEvent.isComposing
    ) {
      event.preventDefault();
      openPicker('quick-replies');
      return;
    }
    // Enter sends; Shift+Enter (and Enter that confirms an IME composition) types.
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    void submit();
  };

  const onChange = (value: string) => setText(value);

  return (
    <>
      {!takeover && conversation && (
        <TakeoverNote
          conversation={conversation}
          reason={takeoverNoteText('reply', conversation)}
          label="Take over to reply"
        />
      )}
      <form className="message-composer" onSubmit={onSubmit}>
        <label htmlFor="message-input" className="sr-only">
          Message
        </label>
        <InputTextarea
          ref={input}
          id="message-input"
          value={text}
          onChange={(event) => onChange(event.target.value)}
          onKeyDown={onKeyDown}
          placeholder={takeover ? 'Type your message...' : 'Enable admin mode to send messages'}
          disabled={!takeover}
          // What is being sent stays as it is until the server has answered.
          readOnly={send.isPending}
          rows={2}
          autoResize
          aria-keyshortcuts="/"
          aria-describedby={blocked ? 'composer-unfilled' : undefined}
          maxLength={MAX_LENGTH}
        />
        {takeover && (
          <div className="composer-tools">
            {hasQuickReplies && (
              <Tooltip content="Quick replies (/)">
                <Button
                  type="button"
                  id="quick-replies-button"
                  icon="pi pi-bolt"
                  outlined
                  aria-label="Quick replies"
                  aria-haspopup="dialog"
                  aria-keyshortcuts="/"
                  disabled={send.isPending}
                  onClick={() => openPicker('quick-replies')}
                />
              </Tooltip>
            )}
            <Tooltip content="Insert product">
              <Button
                type="button"
                id="product-card-button"
                icon="pi pi-box"
                outlined
                aria-label="Insert product"
                aria-haspopup="dialog"
                disabled={send.isPending}
                onClick={() => openPicker('product')}
              />
            </Tooltip>
          </div>
        )}
        <div className="composer-send">
          {/* Always there, so a screen reader hears the reason when it appears; beside Send, in view. */}
          <p id="composer-unfilled" className="composer-unfilled" role="status">
            {blocked && fillInBefore(blanks)}
          </p>
          <Button
            type="submit"
            icon={send.isPending ? 'pi pi-spin pi-spinner' : 'pi pi-send'}
            aria-label="Send message"
            aria-describedby={blocked ? 'composer-unfilled' : undefined}
            disabled={!canSend}
          />
        </div>
      </form>
      {hasQuickReplies && (
        <QuickRepliesPicker
          visible={picker === 'quick-replies'}
          replies={replies}
          conversation={conversation}
          onHide={closePicker}
          onInsert={insertQuickReply}
        />
      )}
      {takeover && (
        <ProductCardPicker
          visible={picker === 'product'}
          conversation={conversation}
          onHide={closePicker}
          onInsert={(card) => insertText(card, true)}
        />
      )}
    </>
  );
}
