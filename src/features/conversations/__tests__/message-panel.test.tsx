import { act, fireEvent, render, screen } from '@testing-library/react';
import type { Message } from '../../../api/generated/model/message';
import { MessagePanel, type EarlierPages } from '../components/message-panel';

const BUBBLE_PX = 50;
const message = (n: number): Message => ({
  id: n,
  sender: n % 2 ? 'customer' : 'bot',
  content: `Message ${n}`,
  timestamp: new Date(Date.UTC(2026, 10, 20, 8, 0, n)).toISOString(),
  messageType: 'text',
});
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => message(from + i));

// jsdom lays nothing out: the panel's scroller gets a height from its bubbles (50 px each) and a 600 px viewport.
const scrollTops = new WeakMap<Element, number>();
beforeAll(() => {
  Object.defineProperties(HTMLElement.prototype, {
    scrollHeight: {
      configurable: true,
      get(this: HTMLElement) {
        return this.querySelectorAll('.message-bubble').length * BUBBLE_PX;
      },
    },
    clientHeight: { configurable: true, get: () => 600 },
    scrollTop: {
      configurable: true,
      get(this: HTMLElement) {
        return scrollTops.get(this) ?? 0;
      },
      set(this: HTMLElement, value: number) {
        scrollTops.set(this, Math.max(0, Math.min(value, this.scrollHeight - 600)));
      },
    },
  });
});
afterAll(() => {
  for (const name of ['scrollHeight', 'clientHeight', 'scrollTop'])
    delete (HTMLElement.prototype as unknown as Record<string, unknown>)[name];
});

const earlier = (overrides: Partial<EarlierPages> = {}): EarlierPages => ({
  hasEarlier: true,
  loading: false,
  failed: false,
  loadEarlier: vi.fn(),
  ...overrides,
});
const log = () => screen.getByRole('log', { name: 'Messages' });
const firstInView = () => {
  const top = log().scrollTop;
  return screen.getAllByText(/^Message \d+$/)[Math.floor(top / BUBBLE_PX)].textContent;
};

describe('MessagePanel, a page at a time', () => {
  it('opens at the newest; Show earlier messages asks for the page before and keeps the view where it was', () => {
    const followNextRef = { current: false };
    const pages = earlier();
    const { rerender } = render(
      <MessagePanel messages={range(101, 200)} followNextRef={followNextRef} earlier={pages} />,
    );
    expect(log().scrollTop).toBe(100 * BUBBLE_PX - 600);

    // The reader scrolled up a little, then asks for more.
    act(() => {
      log().scrollTop = 1000;
    });
    fireEvent.scroll(log());
    expect(firstInView()).toBe('Message 121');
    fireEvent.click(screen.getByRole('button', { name: 'Show earlier messages' }));
    expect(pages.loadEarlier).toHaveBeenCalledTimes(1);

    rerender(
      <MessagePanel messages={range(101, 200)} followNextRef={followNextRef} earlier={{ ...pages, loading: true }} />,
    );
    expect(screen.getByRole('button', { name: 'Show earlier messages' })).toHaveAttribute('aria-busy', 'true');

    // The earlier page arrives above: the same message stays at the top of the view.
    rerender(
      <MessagePanel messages={range(1, 200)} followNextRef={followNextRef} earlier={{ ...pages, hasEarlier: false }} />,
    );
    expect(screen.getAllByText(/^Message \d+$/)).toHaveLength(200);
    expect(log().scrollTop).toBe(1000 + 100 * BUBBLE_PX);
    expect(firstInView()).toBe('Message 121');
    expect(screen.queryByRole('button', { name: 'Show earlier messages' })).not.toBeInTheDocument();
  });

  it('after an earlier page, a new message at the end is still noticed', () => {
    const followNextRef = { current: false };
    const pages = earlier();
    const { rerender } = render(
      <MessagePanel messages={range(101, 200)} followNextRef={followNextRef} earlier={pages} />,
    );
    act(() => {
      log().scrollTop = 1000;
    });
    fireEvent.scroll(log());
    fireEvent.click(screen.getByRole('button', { name: 'Show earlier messages' }));
    rerender(<MessagePanel messages={range(1, 200)} followNextRef={followNextRef} earlier={pages} />);
    const top = log().scrollTop;
    rerender(<MessagePanel messages={range(1, 201)} followNextRef={followNextRef} earlier={pages} />);
    expect(log().scrollTop).toBe(top);
    expect(screen.getByRole('button', { name: '1 new message' })).toBeInTheDocument();
  });

  it('a failed fetch says so, and the button tries again', () => {
    const followNextRef = { current: false };
    const pages = earlier({ failed: true });
    render(<MessagePanel messages={range(101, 200)} followNextRef={followNextRef} earlier={pages} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to load earlier messages');
    fireEvent.click(screen.getByRole('button', { name: 'Show earlier messages' }));
    expect(pages.loadEarlier).toHaveBeenCalledTimes(1);
  });
});

describe('MessagePanel, messages without a delivery state', () => {
  it('render sender, content and time only, as they always have (no state, no Retry)', () => {
    render(<MessagePanel messages={[message(1), message(2)]} followNextRef={{ current: false }} />);
    const bubbles = [...document.querySelectorAll('.message-bubble')];
    expect(bubbles).toHaveLength(2);
    for (const bubble of bubbles) {
      expect([...bubble.children].map((child) => child.className)).toEqual([
        'message-sender',
        'message-content',
        'message-time',
      ]);
    }
    expect(screen.queryByText(/Delivery:/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Retry sending this message' })).not.toBeInTheDocument();
  });

  it('a failed message outside a conversation route and without conversationId shows its state but no Retry', () => {
    render(
      <MessagePanel
        messages={[{ ...message(2), sender: 'admin', deliveryStatus: 'failed' }]}
        followNextRef={{ current: false }}
      />,
    );
    expect(screen.getByText('WhatsApp did not deliver this message.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Retry sending this message' })).not.toBeInTheDocument();
  });
});
