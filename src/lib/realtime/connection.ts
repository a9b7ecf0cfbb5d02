// The app's only WebSocket: same host, path /ws, wss on https pages.
// Reconnects with exponential backoff after a drop, but not after the server
// closed it because the session ended (SESSION_ENDED_CLOSE_CODE).

/** The server's close code for "your session has ended" (asyncapi.yaml): signed out, do not reconnect. */
export const SESSION_ENDED_CLOSE_CODE = 4401;

export interface RealtimeConnectionOptions {
  url?: string;
  onMessage: (raw: string) => void;
  /** Called when the socket opens again after a drop: what was sent meanwhile is lost, so refetch. */
  onReconnect?: () => void;
  onStatus?: (status: 'connecting' | 'open' | 'closed') => void;
  /**
   * The server closed the socket with SESSION_ENDED_CLOSE_CODE. Resolves true when the session has
   * indeed ended (the socket then stays closed), false to reconnect as after a drop. Without this
   * option such a close is never retried.
   */
  onSessionEnded?: () => Promise<boolean>;
  WebSocketImpl?: typeof WebSocket;
  /** first retry delay, doubled each time up to maxDelayMs */
  baseDelayMs?: number;
  maxDelayMs?: number;
}

export function realtimeUrl(location: Pick<Location, 'protocol' | 'host'> = window.location): string {
  return `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}/ws`;
}

export function backoffDelay(attempt: number, baseDelayMs = 1000, maxDelayMs = 30_000): number {
  return Math.min(maxDelayMs, baseDelayMs * 2 ** attempt);
}

export function connectRealtime(options: RealtimeConnectionOptions): () => void {
  const {
    onMessage,
    onReconnect,
    onStatus,
    onSessionEnded,
    WebSocketImpl = WebSocket,
    baseDelayMs = 1000,
    maxDelayMs = 30_000,
  } = options;
  const url = options.url ?? realtimeUrl();
  let socket: WebSocket | undefined;
  let attempt = 0;
  let everOpened = false;
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const open = () => {
    onStatus?.('connecting');
    socket = new WebSocketImpl(url);
    socket.onopen = () => {
      attempt = 0;
      onStatus?.('open');
      if (everOpened) onReconnect?.();
      everOpened = true;
    };
    socket.onmessage = (event) => {
      if (!stopped && typeof event.data === 'string') onMessage(event.data);
    };
    const retry = () => {
      if (!stopped) timer = setTimeout(open, backoffDelay(attempt++, baseDelayMs, maxDelayMs));
    };
    socket.onclose = (event) => {
      // After stop() nothing reaches the caller any more.
      if (stopped) return;
      onStatus?.('closed');
      if (event.code !== SESSION_ENDED_CLOSE_CODE) return retry();
      // Reconnecting would only be refused (401) over and over: the caller signs out instead.
      if (!onSessionEnded) return;
      onSessionEnded().then((ended) => {
        if (!ended) retry();
      }, retry);
    };
    // An error is always followed by close, which schedules the retry.
    socket.onerror = () => undefined;
  };
  open();

  return () => {
    stopped = true;
    clearTimeout(timer);
    const current = socket;
    if (!current) return;
    // Closing a socket that is still connecting makes the browser log a warning; wait for it to open.
    if (current.readyState === current.CONNECTING) current.onopen = () => current.close();
    else current.close();
  };
}
