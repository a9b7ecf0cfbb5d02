import { createQueryClient } from '../../../api/query-client';
import { connectRealtime, SESSION_ENDED_CLOSE_CODE } from '../connection';
import { confirmSessionEnded } from '../session-ended';

/** A WebSocket stand-in: each one created is kept, and the test opens or closes it. */
class FakeSocket {
  static created: FakeSocket[] = [];
  readonly CONNECTING = 0;
  readyState = 0;
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: ((event: { code: number; reason: string }) => void) | null = null;
  onerror: (() => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.created.push(this);
  }
  open() {
    this.readyState = 1;
    this.onopen?.();
  }
  serverClose(code: number, reason = '') {
    this.readyState = 3;
    this.onclose?.({ code, reason });
  }
  close() {
    this.serverClose(1000);
  }
}

const connect = (onSessionEnded?: () => Promise<boolean>) =>
  connectRealtime({
    url: 'ws://localhost/ws',
    onMessage: () => undefined,
    onSessionEnded,
    WebSocketImpl: FakeSocket as unknown as typeof WebSocket,
    baseDelayMs: 100,
    maxDelayMs: 1_000,
  });

describe('a socket closed because the session ended', () => {
  beforeEach(() => {
    FakeSocket.created = [];
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('is not reopened, and the session-ended handler runs once', async () => {
    const onSessionEnded = vi.fn(async () => true);
    const stop = connect(onSessionEnded);
    FakeSocket.created[0].open();
    FakeSocket.created[0].serverClose(SESSION_ENDED_CLOSE_CODE, 'session ended');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(FakeSocket.created).toHaveLength(1);
    expect(onSessionEnded).toHaveBeenCalledTimes(1);
    stop();
  });

  it('is not reopened without a handler either', async () => {
    const stop = connect();
    FakeSocket.created[0].open();
    FakeSocket.created[0].serverClose(SESSION_ENDED_CLOSE_CODE, 'session ended');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(FakeSocket.created).toHaveLength(1);
    stop();
  });

  it('is reopened when the server says the session is still there', async () => {
    const stop = connect(async () => false);
    FakeSocket.created[0].open();
    FakeSocket.created[0].serverClose(SESSION_ENDED_CLOSE_CODE, 'session ended');
    await vi.advanceTimersByTimeAsync(100);
    expect(FakeSocket.created).toHaveLength(2);
    stop();
  });

  it('differs from a drop, which is retried with backoff', async () => {
    const onSessionEnded = vi.fn(async () => true);
    const stop = connect(onSessionEnded);
    FakeSocket.created[0].open();
    FakeSocket.created[0].serverClose(1006);
    await vi.advanceTimersByTimeAsync(100);
    expect(FakeSocket.created).toHaveLength(2);
    FakeSocket.created[1].serverClose(1001, 'server shutting down');
    await vi.advanceTimersByTimeAsync(200);
    expect(FakeSocket.created).toHaveLength(3);
    expect(onSessionEnded).not.toHaveBeenCalled();
    stop();
  });

  it("ends the session the way a 401 does: the app's session-expired path runs once", async () => {
    const onSessionExpired = vi.fn();
    const client = createQueryClient({ onSessionExpired });
    const fetchMock = vi.fn(
      async () =>
        new Response('{"message":"Not authenticated"}', {
          status: 401,
          headers: { 'content-type': 'application/json' },
        }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const stop = connectRealtime({
      url: 'ws://localhost/ws',
      onMessage: () => undefined,
      onSessionEnded: () => confirmSessionEnded(client),
      WebSocketImpl: FakeSocket as unknown as typeof WebSocket,
    });
    FakeSocket.created[0].open();
    FakeSocket.created[0].serverClose(SESSION_ENDED_CLOSE_CODE, 'session ended');
    await vi.waitFor(() => expect(onSessionExpired).toHaveBeenCalledTimes(1));
    expect(fetchMock).toHaveBeenCalledWith('/api/auth/me', expect.objectContaining({ credentials: 'include' }));
    await vi.advanceTimersByTimeAsync(60_000);
    expect(FakeSocket.created).toHaveLength(1);
    stop();
  });

  it('does not sign out when the server still knows the session', async () => {
    const onSessionExpired = vi.fn();
    const client = createQueryClient({ onSessionExpired });
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response('{"id":1,"username":"admin"}', { status: 200, headers: { 'content-type': 'application/json' } }),
      ),
    );
    await expect(confirmSessionEnded(client)).resolves.toBe(false);
    expect(onSessionExpired).not.toHaveBeenCalled();
  });
});
