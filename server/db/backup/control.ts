// The server's local control channel: a Unix domain socket through which a
// separate command (npm run backup) asks the running server to take a backup,
// since the embedded database belongs to the one process that opened it.
//
// Where: DATA_DIR/control.sock. Socket paths are limited to about 100 bytes
// (104 on macOS, 108 on Linux, counting the final NUL); when DATA_DIR/control.sock
// would be longer, the socket is <temp dir>/stone-sinks-<uid>/<first 16 hex
// digits of sha256(DATA_DIR)>.sock instead, in a folder only this user can
// enter. Both sides compute the same path from DATA_DIR (controlSocketPath).
//
// Who: the socket has mode 0600, so only the server's own user (and root) can
// connect. It is removed when the server closes.
//
// Protocol: one JSON line in, one JSON line out, then the server closes the
// connection.
//   → {"command":"backup","path":"/absolute/path/out.tar.gz"}
//   ← {"ok":true,"path":"…","bytes":N,"products":N,"conversations":N,"uploads":N,"media":N,"heldMs":N}
//   ← {"ok":false,"message":"…"}
// One backup runs at a time; a second request meanwhile is refused.
import { createHash } from 'node:crypto';
import { chmodSync, lstatSync, mkdirSync, unlinkSync } from 'node:fs';
import { connect, createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { isAbsolute, join, resolve } from 'node:path';
import type { Database } from '../connection';
import { createBackup } from './backup';

/** Leaves room under every platform's limit for a socket path. */
const MAX_SOCKET_PATH_BYTES = 100;
const MAX_REQUEST_BYTES = 64 * 1024;
const REQUEST_TIMEOUT_MS = 10_000;

export type ControlRequest = { command: 'backup'; path: string };
export type ControlReply =
  | {
      ok: true;
      path: string;
      bytes: number;
      products: number | null;
      conversations: number | null;
      uploads: number;
      /** Customers' media files; absent in a reply from a server older than media backups. */
      media?: number;
      heldMs: number;
    }
  | { ok: false; message: string };

export type ControlLog = { info(message: string): void; warn(message: string): void; error(message: string): void };

export type ControlSocket = { path: string; close(): Promise<void> };

/** The socket path for a data folder (the same on the server's and the command's side). */
export function controlSocketPath(dataDir: string): string {
  const absolute = resolve(dataDir);
  const hash = createHash('sha256').update(absolute).digest('hex').slice(0, 16);
  if (process.platform === 'win32') return `\\\\.\\pipe\\stone-sinks-${hash}`;
  const preferred = join(absolute, 'control.sock');
  if (Buffer.byteLength(preferred) <= MAX_SOCKET_PATH_BYTES) return preferred;
  const uid = typeof process.getuid === 'function' ? process.getuid() : 'user';
  return join(tmpdir(), `stone-sinks-${uid}`, `${hash}.sock`);
}

/** The fallback folder under the temp dir must be this user's own and closed to others. */
function ensurePrivateFolder(folder: string): void {
  mkdirSync(folder, { recursive: true, mode: 0o700 });
  const info = lstatSync(folder);
  const uid = typeof process.getuid === 'function' ? process.getuid() : undefined;
  if (!info.isDirectory() || (uid !== undefined && info.uid !== uid) || (info.mode & 0o077) !== 0) {
    throw new Error(`${folder} must be a folder owned by this user with mode 0700 (it holds the control socket)`);
  }
}

function probe(path: string): Promise<'live' | 'stale'> {
  return new Promise((resolvePromise) => {
    const socket = connect(path);
    socket.once('connect', () => {
      socket.destroy();
      resolvePromise('live');
    });
    socket.once('error', () => resolvePromise('stale'));
  });
}

export async function startControlSocket(options: {
  dataDir: string;
  database: Database;
  log: ControlLog;
}): Promise<ControlSocket> {
  const { database, log } = options;
  const dataDir = resolve(options.dataDir);
  const path = controlSocketPath(dataDir);
  const unix = process.platform !== 'win32';
  if (unix) {
    if (!path.startsWith(dataDir)) ensurePrivateFolder(join(path, '..'));
    const existing = lstatSync(path, { throwIfNoEntry: false });
    if (existing) {
      if (!existing.isSocket()) throw new Error(`${path} exists and is not a socket: remove it`);
      if ((await probe(path)) === 'live')
        throw new Error(`another process answers on ${path}: is a second server running on ${dataDir}?`);
      unlinkSync(path); // left by a server that did not shut down
    }
  }

  let running: Promise<unknown> | undefined;
  let closing = false;
  const sockets = new Set<Socket>();

  const handle = async (line: string): Promise<ControlReply> => {
    let request: Partial<ControlRequest>;
    try {
      request = JSON.parse(line) as Partial<ControlRequest>;
    } catch {
      return { ok: false, message: 'the request is not JSON' };
    }
    if (request?.command !== 'backup')
      return { ok: false, message: `unknown command ${JSON.stringify(request?.command)} (known: backup)` };
    if (typeof request.path !== 'string' || !isAbsolute(request.path))
      return { ok: false, message: 'path must be an absolute file path' };
    if (closing) return { ok: false, message: 'the server is shutting down' };
    if (running) return { ok: false, message: 'a backup is already running: try again when it has finished' };
    const work = createBackup({ dataDir, path: request.path, database });
    running = work;
    try {
      const result = await work;
      log.info(
        `backup written to ${result.path} (${result.bytes} bytes, ${result.manifest.products ?? '-'} products, ${result.manifest.conversations ?? '-'} conversations, ${result.manifest.uploads} uploaded files, ${result.manifest.media} customer media files; database held ${result.heldMs} ms, ${result.totalMs} ms in all)`,
      );
      return {
        ok: true,
        path: result.path,
        bytes: result.bytes,
        products: result.manifest.products,
        conversations: result.manifest.conversations,
        uploads: result.manifest.uploads,
        media: result.manifest.media,
        heldMs: result.heldMs,
      };
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      log.warn(`backup to ${request.path} failed: ${message}`);
      return { ok: false, message };
    } finally {
      running = undefined;
    }
  };

  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
    socket.setEncoding('utf8');
    socket.setTimeout(REQUEST_TIMEOUT_MS, () => socket.destroy());
    let buffer = '';
    let answered = false;
    const answer = (line: string) => {
      if (answered) return;
      answered = true;
      socket.pause();
      socket.setTimeout(0); // a backup may take longer than the time allowed to send the request
      void handle(line).then((reply) => socket.end(`${JSON.stringify(reply)}\n`));
    };
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      const newline = buffer.indexOf('\n');
      if (newline >= 0) answer(buffer.slice(0, newline));
      else if (buffer.length > MAX_REQUEST_BYTES) {
        answered = true;
        socket.end(`${JSON.stringify({ ok: false, message: 'request too long' } satisfies ControlReply)}\n`);
      }
    });
    socket.on('end', () => {
      if (buffer.trim()) answer(buffer);
      else if (!answered) socket.end();
    });
  });

  await new Promise<void>((resolveListen, rejectListen) => {
    server.once('error', rejectListen);
    // The socket file takes its permissions from the umask when it is created
    // (synchronously, inside listen()); the chmod below covers the case where
    // the umask cannot be changed (worker threads).
    let umask: number | undefined;
    if (unix) {
      try {
        umask = process.umask(0o177);
      } catch {
        umask = undefined;
      }
    }
    try {
      server.listen(path, () => {
        server.off('error', rejectListen);
        resolveListen();
      });
    } finally {
      if (umask !== undefined) process.umask(umask);
    }
  });
  server.on('error', (error) => log.error(`control socket: ${error.message}`));
  if (unix) {
    try {
      chmodSync(path, 0o600);
    } catch (error) {
      server.close();
      throw error;
    }
  }
  log.info(`control socket: ${path} (npm run backup talks to the server through it)`);

  return {
    path,
    async close() {
      if (closing) return;
      closing = true;
      const closed = new Promise<void>((resolveClose) => server.close(() => resolveClose()));
      await running?.catch(() => {});
      // Answered connections are already ending; the rest have not sent a request.
      for (const socket of sockets) socket.end();
      setTimeout(() => {
        for (const socket of sockets) socket.destroy();
      }, 1000).unref();
      await closed;
      if (unix) {
        try {
          unlinkSync(path);
        } catch {
          // already removed with the server
        }
      }
    },
  };
}

/**
 * Sends one request to a server's control socket. Rejects with the socket
 * error (code ENOENT or ECONNREFUSED when no server listens).
 */
export function sendControlRequest(socketPath: string, request: ControlRequest): Promise<ControlReply> {
  return new Promise((resolveReply, rejectReply) => {
    const socket = connect(socketPath);
    let buffer = '';
    let settled = false;
    const settle = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      outcome();
    };
    socket.setEncoding('utf8');
    socket.once('connect', () => socket.write(`${JSON.stringify(request)}\n`));
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      const newline = buffer.indexOf('\n');
      if (newline < 0) return;
      const line = buffer.slice(0, newline);
      socket.end();
      settle(() => {
        try {
          resolveReply(JSON.parse(line) as ControlReply);
        } catch {
          rejectReply(new Error(`the server's reply is not JSON: ${line.slice(0, 200)}`));
        }
      });
    });
    socket.on('error', (error) => settle(() => rejectReply(error)));
    socket.on('close', () =>
      settle(() => rejectReply(new Error('the server closed the connection without answering'))),
    );
  });
}
