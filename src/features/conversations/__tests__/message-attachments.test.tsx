import { screen, within } from '@testing-library/react';
import type { Message } from '../../../api/generated/model/message';
import type { MessageAttachment } from '../../../api/generated/model/messageAttachment';
import { renderRoutes } from '../../../test/render';
import { MessagePanel } from '../components/message-panel';
import { mapUrl } from '../components/message-attachment';
import { groupReactions } from '../reactions';

let nextId = 1300;
/** A customer's message; with an attachment when given (beyond the spec). */
function message(content: string, attachment?: MessageAttachment, sender: Message['sender'] = 'customer'): Message {
  const id = nextId++;
  return {
    id,
    sender,
    content,
    timestamp: new Date(Date.UTC(2026, 10, 22, 9, 0, id - 1300)).toISOString(),
    messageType: attachment?.kind ?? 'text',
    ...(attachment && { attachment }),
  };
}
const urlOf = (id: number) => `/api/conversations/102/messages/${id}/attachment`;
/** A ready file of `kind` whose URL is the message's own (the next id). */
const ready = (kind: MessageAttachment['kind'], more: Partial<MessageAttachment> = {}): MessageAttachment => ({
  kind,
  state: 'ready',
  url: urlOf(nextId),
  ...more,
});

/** `customerName` null: the conversation has not loaded yet. */
function renderPanel(messages: Message[], customerName: string | null = 'Brian Otieno') {
  return renderRoutes(
    [
      {
        path: '/conversations/:id',
        element: (
          <MessagePanel
            messages={messages}
            customerName={customerName ?? undefined}
            followNextRef={{ current: false }}
          />
        ),
      },
    ],
    '/conversations/102',
  );
}

const bubbleOf = (element: HTMLElement) => element.closest<HTMLElement>('.message')!;
const rows = () => document.querySelectorAll('.message').length;

describe('what customers send besides text', () => {
  it('a photo shows inline, described by its caption, and opens full size in a new tab', () => {
    const photo = message(
      'The kitchen top I want to replace',
      ready('image', { caption: 'The kitchen top I want to replace', mimeType: 'image/jpeg' }),
    );
    renderPanel([photo]);
    const image = screen.getByRole('img', { name: 'The kitchen top I want to replace' });
    expect(image).toHaveAttribute('src', urlOf(photo.id));
    const link = screen.getByRole('link', { name: /The kitchen top I want to replace.*opens full size in a new tab/ });
    expect(link).toHaveAttribute('href', urlOf(photo.id));
    expect(link).toHaveAttribute('target', '_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
    // The caption is read once as text under the photo, not a second time as the plain line.
    expect(bubbleOf(image).querySelectorAll('.message-content')).toHaveLength(1);
    expect(within(bubbleOf(image)).getByText('The kitchen top I want to replace', { selector: 'p' })).toBeVisible();
  });

  it('a photo without a caption is described as the customer’s photo', () => {
    renderPanel([message('Photo', ready('image'))]);
    expect(screen.getByRole('img', { name: 'Photo from Brian Otieno' })).toBeInTheDocument();
    // "Photo", the plain line, does not repeat under the picture.
    expect(screen.queryByText('Photo')).not.toBeInTheDocument();
  });

  it('a photo before the conversation has loaded is described as a photo', () => {
    renderPanel([message('Photo', ready('image'))], null);
    expect(screen.getByRole('img', { name: 'Photo' })).toBeInTheDocument();
  });

  it('a document is a download link with its name and size', () => {
    const document_ = message(
      'Document: quote.pdf',
      ready('document', { filename: 'quote.pdf', size: 245_760, mimeType: 'application/pdf' }),
    );
    renderPanel([document_]);
    const link = screen.getByRole('link', { name: /quote\.pdf · 240 KB/ });
    expect(link).toHaveAttribute('href', urlOf(document_.id));
    expect(link).toHaveAttribute('download', 'quote.pdf');
    expect(screen.queryByText('Document: quote.pdf')).not.toBeInTheDocument();
  });

  it('a document without a name or size still offers the download', () => {
    renderPanel([message('Document', ready('document'))]);
    expect(screen.getByRole('link', { name: /^Document/ })).toHaveAttribute('download');
  });

  it('a location links to the map in a new tab, named by the place, its address under it', () => {
    renderPanel([
      message('Location: Nakuru Showroom', {
        kind: 'location',
        latitude: -0.3031,
        longitude: 36.08,
        name: 'Nakuru Showroom',
        address: 'Kenyatta Avenue, Nakuru',
      }),
    ]);
    const link = screen.getByRole('link', { name: /Nakuru Showroom/ });
    expect(link).toHaveAttribute('href', 'https://www.openstreetmap.org/?mlat=-0.3031&mlon=36.08#map=16/-0.3031/36.08');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
    expect(screen.getByText('Kenyatta Avenue, Nakuru')).toBeInTheDocument();
  });

  it('a location without a name says Location, or its address', () => {
    renderPanel([
      message('Location', { kind: 'location', latitude: 1, longitude: 2 }),
      message('Location: Eldoret', { kind: 'location', latitude: 0.5143, longitude: 35.2698, address: 'Eldoret' }),
    ]);
    expect(screen.getByRole('link', { name: /^Location/ })).toHaveAttribute(
      'href',
      'https://www.openstreetmap.org/?mlat=1&mlon=2#map=16/1/2',
    );
    expect(screen.getByRole('link', { name: /^Eldoret/ })).toBeInTheDocument();
  });

  it('audio and video play with the browser’s controls; a sticker is a small image', () => {
    const voice = message('Voice message', ready('audio', { mimeType: 'audio/ogg' }));
    const video = message('Video', ready('video', { caption: 'The crack in the old sink' }));
    const sticker = message('Sticker', ready('sticker', { mimeType: 'image/webp' }));
    renderPanel([voice, video, sticker]);
    const audio = document.querySelector('audio')!;
    expect(audio).toHaveAttribute('src', urlOf(voice.id));
    expect(audio).toHaveAttribute('controls');
    const player = document.querySelector('video')!;
    expect(player).toHaveAttribute('src', urlOf(video.id));
    expect(player).toHaveAttribute('controls');
    expect(screen.getByText('The crack in the old sink')).toBeInTheDocument();
    const image = screen.getByRole('img', { name: 'Sticker' });
    expect(image).toHaveAttribute('src', urlOf(sticker.id));
    expect(image).toHaveClass('message-sticker');
  });

  it('a file still downloading or expired says so in words, and loads nothing', () => {
    renderPanel([
      message('Photo', { kind: 'image', state: 'pending' }),
      message('Photo', { kind: 'image', state: 'expired', caption: 'Our old sink' }),
      message('Document: quote.pdf', { kind: 'document', state: 'pending', filename: 'quote.pdf' }),
      message('Voice message', { kind: 'audio', state: 'expired' }),
    ]);
    expect(screen.getByText('Photo is still downloading…')).toBeInTheDocument();
    expect(screen.getByText('This photo is no longer available from WhatsApp.')).toBeInTheDocument();
    expect(screen.getByText('Our old sink')).toBeInTheDocument();
    expect(screen.getByText('quote.pdf is still downloading…')).toBeInTheDocument();
    expect(screen.getByText('This audio message is no longer available from WhatsApp.')).toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });

  it('other types show their plain line', () => {
    renderPanel([
      message('Unsupported message (poll)', { kind: 'unsupported' }),
      message('Contacts: Joyce Wambui', { kind: 'contacts', name: 'Joyce Wambui' }),
      message('Yes, book delivery', { kind: 'button', title: 'Yes, book delivery' }),
      message('Granite', { kind: 'interactive', title: 'Granite' }),
    ]);
    for (const line of ['Unsupported message (poll)', 'Contacts: Joyce Wambui', 'Yes, book delivery', 'Granite'])
      expect(screen.getByText(line, { selector: 'p.message-content' })).toBeInTheDocument();
  });

  it('a file without its URL, or with a URL that is not the server’s attachment route, is not loaded', () => {
    renderPanel([
      message('Photo one', { kind: 'image', state: 'ready' }),
      message('Photo two', { kind: 'image', state: 'ready', url: 'https://evil.example/x.jpg' }),
      message('Photo three', { kind: 'image', state: 'ready', url: 'javascript:alert(1)' }),
      // Ids no server has (the mock generates such): nothing to ask for.
      message('Photo four', { kind: 'image', state: 'ready', url: '/api/conversations/0/messages/5/attachment' }),
      message('Photo five', {
        kind: 'image',
        state: 'ready',
        url: '/api/conversations/102/messages/2147483648/attachment',
      }),
    ]);
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    for (const line of ['Photo one', 'Photo two', 'Photo three', 'Photo four', 'Photo five'])
      expect(screen.getByText(line)).toBeInTheDocument();
  });

  it('a message without an attachment renders as it always has', () => {
    renderPanel([message('<b>Hi</b>, do you have black granite?')]);
    const line = screen.getByText('<b>Hi</b>, do you have black granite?');
    expect(line.tagName).toBe('P');
    expect(line).toHaveClass('message-content');
    const bubble = bubbleOf(line);
    expect(within(bubble).queryByRole('link')).not.toBeInTheDocument();
    expect(within(bubble).queryByRole('img')).not.toBeInTheDocument();
    expect(bubble.querySelector('.message-attachment, .message-reactions')).toBeNull();
  });
});

describe('reactions', () => {
  it('show under the message they react to, and not as rows of their own', () => {
    const answer = message('Absolute Black Granite would suit that kitchen.', undefined, 'bot');
    const reaction = message('Reacted 👍', { kind: 'reaction', emoji: '👍', reactsToMessageId: answer.id });
    renderPanel([answer, reaction]);
    const badge = screen.getByRole('img', { name: 'Customer reacted 👍' });
    expect(bubbleOf(badge)).toBe(bubbleOf(screen.getByText('Absolute Black Granite would suit that kitchen.')));
    expect(screen.queryByText('Reacted 👍')).not.toBeInTheDocument();
    expect(rows()).toBe(1);
  });

  it('a reaction to a message not in the list is its plain line', () => {
    renderPanel([
      message('Hello'),
      message('Reacted ❤️', { kind: 'reaction', emoji: '❤️', reactsToMessageId: null }),
      message('Reacted 😂', { kind: 'reaction', emoji: '😂', reactsToMessageId: 99_999 }),
    ]);
    expect(screen.getByText('Reacted ❤️')).toBeInTheDocument();
    expect(screen.getByText('Reacted 😂')).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: /reacted/ })).not.toBeInTheDocument();
    expect(rows()).toBe(3);
  });

  it('a later reaction replaces the earlier one, and an empty one takes it back', () => {
    const photo = message('Photo', ready('image'));
    const thumbs = message('Reacted 👍', { kind: 'reaction', emoji: '👍', reactsToMessageId: photo.id });
    const heart = message('Reacted ❤️', { kind: 'reaction', emoji: '❤️', reactsToMessageId: photo.id });
    const { unmount } = renderPanel([photo, thumbs, heart]);
    expect(screen.getByRole('img', { name: 'Customer reacted ❤️' })).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: 'Customer reacted 👍' })).not.toBeInTheDocument();
    unmount();

    const removed = message('Removed a reaction', { kind: 'reaction', emoji: '', reactsToMessageId: photo.id });
    renderPanel([photo, thumbs, heart, removed]);
    expect(screen.queryByRole('img', { name: /reacted/ })).not.toBeInTheDocument();
    expect(rows()).toBe(1);
  });

  it('groupReactions keeps the very list when there is no reaction (the panel keeps its place)', () => {
    const list = [message('One'), message('Two')];
    const grouped = groupReactions(list);
    expect(grouped.shown).toBe(list);
    expect(grouped.reactions.size).toBe(0);
  });
});

describe('mapUrl', () => {
  it('marks the place at street level, six decimals at most', () => {
    expect(mapUrl(-1.2920659, 36.8219462)).toBe(
      'https://www.openstreetmap.org/?mlat=-1.292066&mlon=36.821946#map=16/-1.292066/36.821946',
    );
    expect(mapUrl(0, 0)).toBe('https://www.openstreetmap.org/?mlat=0&mlon=0#map=16/0/0');
  });
});
