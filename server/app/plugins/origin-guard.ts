// Which host names the server answers to, and which pages may change state.
//
// Host: a request is answered only when its Host header (and, behind a
// trusted proxy, the X-Forwarded-Host Fastify believes) names this server:
// the loopback names (localhost, 127.0.0.0/8, [::1]) on any port, the host of
// PUBLIC_ORIGIN and of each ALLOWED_ORIGINS entry (any port), ALLOWED_HOSTS
// (name: any port; name:port: that port), and the address the server binds
// to when HOST is a specific non-loopback IP. Anything else is answered 421
// with { message }: a foreign name pointed at this server (DNS rebinding)
// reaches nothing, not even sign-in. /healthz and /readyz answer any Host:
// container runtimes and load balancers probe them by IP, and they carry no
// session, change nothing and reveal no data.
//
// Origin: a state-changing request (POST, PUT, PATCH, DELETE) and the /ws
// upgrade must come from the request's own origin (http or https with the
// same host), PUBLIC_ORIGIN or an ALLOWED_ORIGINS entry, else 403.
// `Origin: null` (sandboxed frames, some redirects) is refused. A request
// without Origin is let through: browsers always send it on these requests
// (and on every WebSocket upgrade), so a missing one means a non-browser
// client, which still needs the session cookie; SameSite=Lax keeps the
// cookie off other sites' requests.
//
// Neither applies to WhatsApp's webhook (routes marked config.webhook): Meta's
// servers call it, and its signature is what it is checked by.
import { isIP } from 'node:net';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { isLoopbackHost } from '../config';
import { HttpError } from '../errors';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Probes that answer whatever Host they are sent to. */
const ANY_HOST = new Set(['/healthz', '/readyz']);

export type HostPolicy = {
  /** Origins (normalised) allowed to change state besides the request's own. */
  allowedOrigins: string[];
  publicOrigin?: string;
  /** name or name:port, lower case. */
  allowedHosts?: string[];
  /** HOST, the address the server listens on. */
  listenHost?: string;
};

type HostName = { name: string; port?: string };

/** "Example.com:8080" → { name: 'example.com', port: '8080' }; undefined when it is no host. */
export function parseHost(value: string): HostName | undefined {
  const match = /^(\[[0-9a-fA-F:.]+\]|[^\s:[\]/@?#]+)(?::(\d{1,5}))?$/.exec(value.trim());
  if (!match) return undefined;
  const name = match[1].toLowerCase().replace(/\.$/, '');
  return name ? { name, port: match[2] } : undefined;
}

export function hostMatcher(policy: HostPolicy): (host: string) => boolean {
  /** name → allowed ports, undefined for any port. */
  const allowed = new Map<string, Set<string> | undefined>();
  const allow = (name: string, port?: string) => {
    if (!allowed.has(name) || allowed.get(name) === undefined) {
      allowed.set(name, port === undefined ? undefined : new Set([port]));
      return;
    }
    if (port === undefined) allowed.set(name, undefined);
    else allowed.get(name)!.add(port);
  };
  for (const origin of extraOrigins(policy)) allow(new URL(origin).hostname);
  for (const entry of policy.allowedHosts ?? []) {
    const host = parseHost(entry);
    if (host) allow(host.name, host.port);
  }
  // Bound to one specific address (not 0.0.0.0 / ::, which are no host):
  // clients that use that address as the host name are answered.
  const bind = policy.listenHost?.replace(/^\[|\]$/g, '');
  if (bind && isIP(bind) && bind !== '0.0.0.0' && bind !== '::')
    allow(isIP(bind) === 6 ? `[${bind.toLowerCase()}]` : bind);

  return (value) => {
    const host = parseHost(value);
    if (!host) return false;
    if (isLoopbackHost(host.name)) return true;
    if (!allowed.has(host.name)) return false;
    const ports = allowed.get(host.name);
    return ports === undefined || (host.port !== undefined && ports.has(host.port));
  };
}

/** The scheme://host an Origin header names, normalised; undefined when it is not one. */
function originOf(value: string): URL | undefined {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : undefined;
  } catch {
    return undefined;
  }
}

/** PUBLIC_ORIGIN and ALLOWED_ORIGINS, normalised (scheme://host[:port], no default port); unreadable entries left out. */
function extraOrigins(policy: HostPolicy): string[] {
  return [...policy.allowedOrigins, ...(policy.publicOrigin ? [policy.publicOrigin] : [])].flatMap(
    (o) => originOf(o)?.origin ?? [],
  );
}

export const originGuard = fp<HostPolicy>(
  async (app, policy) => {
    const hostAllowed = hostMatcher(policy);
    const allowedOrigins = new Set(extraOrigins(policy));

    const ownOrigin = (request: FastifyRequest, origin: URL) => {
      // The request's own host, read as that scheme would (default ports dropped).
      const own = originOf(`${origin.protocol}//${request.host}`);
      return own !== undefined && own.host === origin.host;
    };

    app.addHook('onRequest', async (request) => {
      // WhatsApp's webhook is called by Meta's servers, with the host name the
      // business gave Meta (often a tunnel's or a proxy's) and no browser
      // behind it: a foreign page cannot make it answer anything, since every
      // request must carry the app secret's signature or the verify token
      // (whatsapp/webhook/routes.ts). Neither check below applies.
      if (request.routeOptions.config.webhook) return;
      const url = request.routeOptions.url;
      if (url === undefined || !ANY_HOST.has(url)) {
        // Both the Host header and what Fastify takes as the host (X-Forwarded-Host from a trusted proxy).
        const raw = request.headers.host ?? '';
        if (!hostAllowed(raw) || (request.host !== raw && !hostAllowed(request.host))) {
          throw new HttpError(421, 'This server does not answer to that host name');
        }
      }
      if (!STATE_CHANGING.has(request.method) && url !== '/ws') return;
      const header = request.headers.origin;
      if (header === undefined) return;
      const origin = originOf(header);
      if (!origin || !(allowedOrigins.has(origin.origin) || ownOrigin(request, origin))) {
        throw new HttpError(403, 'Cross-origin request refused');
      }
    });
  },
  { name: 'origin-guard' },
);
