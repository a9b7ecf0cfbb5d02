// The app's only WebSocket: same host, path /ws, wss on https pages.
// Reconnects with exponential backoff after a drop.

export interface RealtimeConnectionOptions {
  url?: string;
  onMessage: (raw: string) => void;
  /** Called when the socket opens again after a drop: what was sent meanwhile is lost, so refetch. */
  onReconnect?: () => void;
  onStatus?: (status: 'connecting' | 'open' | 'closed') => void;
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
  const { onMessage, onReconnect, onStatus, WebSocketImpl = WebSocket, baseDelayMs = 1000, maxDelayMs = 30_000 } = options;
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
    socket.onclose = () => {
      // After stop() nothing reaches the caller any more.
      if (stopped) return;
      onStatus?.('closed');
      timer = setTimeout(open, backoffDelay(attempt++, baseDelayMs, maxDelayMs));
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
