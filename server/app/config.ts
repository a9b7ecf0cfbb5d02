// Every environment variable the server reads, parsed once. What each one means, its default and
// which process reads it are in ENVIRONMENT below: docs/configuration.md's table is printed from
// that list (npm run docs:config), and a test fails when the table or the list falls behind.
import { BlockList, isIP } from 'node:net';
import { resolve } from 'node:path';
import { DEFAULT_DASHBOARD_DIR } from './paths';

/** One environment variable: docs/configuration.md's table has a row for each (npm run docs:config). */
export type EnvironmentVariable = {
  name: string;
  /** The value used when it is unset, in Markdown; absent when unset means none (or off). */
  default?: string;
  /** The reference server, the gateway (API_TARGET set: the dashboard in front of another backend), or both. */
  readBy: 'server' | 'gateway' | 'both';
  /** What it does, in Markdown (links relative to docs/). */
  description: string;
};

/** Every environment variable the server and the gateway read, in the order the table lists them. */
export const ENVIRONMENT: readonly EnvironmentVariable[] = [
  {
    name: 'NODE_ENV',
    readBy: 'both',
    description:
      '`production` (set by `npm run serve`): JSON logs, the built dashboard served, no demo data unless `DEMO_SEED=true`, the embedded database only with `EMBEDDED_DATABASE=accept-risk`',
  },
  {
    name: 'HOST',
    default: '`127.0.0.1`',
    readBy: 'both',
    description:
      'listening address; any address other than a loopback one needs `ADMIN_PASSWORD`, and a specific IP is also a host name the server answers',
  },
  { name: 'PORT', default: '`8080`', readBy: 'both', description: 'listening port' },
  {
    name: 'DATA_DIR',
    default: '`.data`',
    readBy: 'server',
    description:
      "where PGlite (`pglite/`), uploaded images (`uploads/`) and customers' WhatsApp media (`media/`) are kept; the backup and restore commands read it too",
  },
  {
    name: 'DATABASE_URL',
    readBy: 'server',
    description:
      '`postgres://…`: a PostgreSQL server for the data instead of PGlite (several instances can share it); only uploaded images and media stay in `DATA_DIR`',
  },
  {
    name: 'EMBEDDED_DATABASE',
    readBy: 'server',
    description:
      '`accept-risk` (its only value): production on PGlite, knowing that a power loss can lose recent writes (see [Which database](deploying.md#which-database))',
  },
  {
    name: 'ADMIN_USERNAME',
    default: '`admin`',
    readBy: 'server',
    description: 'the first admin, created when the database has none',
  },
  {
    name: 'ADMIN_PASSWORD',
    default: '`admin123`, only while `HOST` is a loopback address',
    readBy: 'server',
    description:
      "the first admin's password, at least 12 characters; without it only a loopback `HOST` starts. `npm run server:admin` / `serve:admin` set an admin's password from it (or a prompt)",
  },
  { name: 'SESSION_TTL_HOURS', default: '`12`', readBy: 'server', description: 'session lifetime' },
  {
    name: 'LOGIN_RATE_LIMIT',
    default: '`10`',
    readBy: 'server',
    description:
      'failed sign-ins allowed per client address per minute; each account also waits after 5 failures (`server/modules/auth/sign-in-limits.ts`, see [Security](security.md))',
  },
  {
    name: 'PUBLIC_ORIGIN',
    readBy: 'both',
    description:
      "the address staff use, e.g. `https://dashboard.example.co.ke`: its host name is answered and the origin may change state; the chatbot's picture links and the links WhatsApp fetches a sent quote's PDF from use it",
  },
  {
    name: 'ALLOWED_HOSTS',
    readBy: 'both',
    description:
      'comma-separated further host names to answer (name or name:port; without a port any port); loopback names are always answered, other host names are refused (see [Security](security.md))',
  },
  {
    name: 'ALLOWED_ORIGINS',
    readBy: 'both',
    description:
      "comma-separated further origins allowed to change state besides the server's own (their host names are answered too)",
  },
  {
    name: 'TRUST_PROXY',
    readBy: 'both',
    description:
      'the proxies in front of the server, whose `X-Forwarded-For`, `-Proto` and `-Host` are believed: their addresses or CIDRs (`127.0.0.1`, `10.0.0.0/8`, `loopback`, `linklocal`, `uniquelocal`), or a hop count (`1` for one TLS proxy; the nearest proxy must connect from a loopback or private address). `true` (believe anyone) is refused: clients could pick their own address',
  },
  {
    name: 'COOKIE_SECURE',
    default: '`false`',
    readBy: 'server',
    description: '`true`: the session cookie is always `Secure` (otherwise only on https requests)',
  },
  {
    name: 'LOG_LEVEL',
    default: '`info`',
    readBy: 'both',
    description: '`fatal`, `error`, `warn`, `info`, `debug` (adds the health checks), `trace` or `silent`',
  },
  {
    name: 'LOG_SQL',
    default: '`false`',
    readBy: 'server',
    description:
      "`true`: every database statement, its parameters and milliseconds as a JSON line on stdout, for diagnosing a slow screen (`npm run bench:server` replays them); parameters hold customers' data, so not for normal operation",
  },
  {
    name: 'DASHBOARD_DIR',
    default: '`dist/` in production and for the gateway, none in development',
    readBy: 'both',
    description: 'the built dashboard to serve (in development Vite serves it)',
  },
  {
    name: 'MAX_IMAGE_BYTES',
    default: '`5242880` (5 MiB)',
    readBy: 'server',
    description: 'the largest uploaded image, in bytes',
  },
  {
    name: 'DEMO_SEED',
    default: '`true`, `false` in production',
    readBy: 'server',
    description: 'whether an empty database is seeded with the demo data',
  },
  {
    name: 'FOLLOW_UP_INTERVAL_MINUTES',
    default: '`15`',
    readBy: 'server',
    description: 'how often due follow-ups are queued (`0`: never)',
  },
  {
    name: 'SIMULATE_RATE',
    default: '`0` (off)',
    readBy: 'server',
    description: 'events per minute played by the customer and bot simulator (messages, hand-offs, notifications)',
  },
  {
    name: 'TEST_CONTROL',
    default: '`false`',
    readBy: 'server',
    description: '`true` adds `POST /__test/handoff` and `GET /__test/outbox` (end-to-end tests only)',
  },
  {
    name: 'OUTBOX_SENDER',
    default:
      'the WhatsApp Cloud API when its variables are set; else `simulated` in development, and none in production (messages stay queued)',
    readBy: 'server',
    description:
      'a module whose default export delivers messages to customers (`OutboxSender` in `server/delivery/outbox/sender.ts`), or `simulated` (see [The reference server](architecture.md#the-reference-server))',
  },
  {
    name: 'BOT_MODULE',
    default: 'the catalogue bot',
    readBy: 'server',
    description:
      'a module whose default export answers customers (`Bot` in `server/bot/interface.ts`), or `handoff`: every new conversation goes to staff (see [The chatbot](chatbot.md))',
  },
  {
    name: 'WHATSAPP_ACCESS_TOKEN',
    readBy: 'server',
    description:
      "the WhatsApp Cloud API channel, set with the four below or not at all (a partial set is refused at start; see [WhatsApp](whatsapp.md)): a system user's permanent token with `whatsapp_business_messaging` and `whatsapp_business_management`",
  },
  {
    name: 'WHATSAPP_PHONE_NUMBER_ID',
    readBy: 'server',
    description: 'the number messages are sent from (digits; not the phone number itself)',
  },
  {
    name: 'WHATSAPP_BUSINESS_ACCOUNT_ID',
    readBy: 'server',
    description: 'the business account whose templates are synced (digits)',
  },
  {
    name: 'WHATSAPP_APP_SECRET',
    readBy: 'server',
    description: 'signs the webhooks Meta posts to `/webhooks/whatsapp`',
  },
  {
    name: 'WHATSAPP_VERIFY_TOKEN',
    readBy: 'server',
    description: 'the word Meta echoes when the webhook is registered (at least 8 characters)',
  },
  {
    name: 'WHATSAPP_GRAPH_URL',
    default: '`https://graph.facebook.com`',
    readBy: 'server',
    description: "the Graph API's address (a mock's in tests)",
  },
  {
    name: 'WHATSAPP_GRAPH_VERSION',
    default: '`v23.0`',
    readBy: 'server',
    description: 'the Graph API version (the version of the contract in `server/channels/whatsapp/contract/`)',
  },
  {
    name: 'MPESA_CONSUMER_KEY',
    readBy: 'server',
    description:
      "M-Pesa (Safaricom's Daraja API), set with `MPESA_CONSUMER_SECRET`, `MPESA_SHORTCODE`, `MPESA_PASSKEY` and `MPESA_CALLBACK_TOKEN` or not at all (a partial set is refused at start): the Daraja app's consumer key. With them the server receives M-Pesa's callbacks at `/webhooks/mpesa/<MPESA_CALLBACK_TOKEN>/stk`, `/c2b/validation` and `/c2b/confirmation` (see [An M-Pesa payment](architecture.md#an-m-pesa-payment-from-the-callback-to-the-order)). C2B validations are always accepted and not stored; a confirmation whose account number names no order is kept unmatched",
  },
  { name: 'MPESA_CONSUMER_SECRET', readBy: 'server', description: "the Daraja app's consumer secret" },
  {
    name: 'MPESA_SHORTCODE',
    readBy: 'server',
    description: 'the paybill or till number customers pay (5 to 7 digits)',
  },
  {
    name: 'MPESA_PASSKEY',
    readBy: 'server',
    description: "the shortcode's Lipa na M-Pesa Online passkey (STK pushes)",
  },
  {
    name: 'MPESA_SHORTCODE_TYPE',
    default: '`paybill`',
    readBy: 'server',
    description: '`paybill` or `till`',
  },
  {
    name: 'MPESA_CALLBACK_TOKEN',
    readBy: 'server',
    description:
      "the secret path segment of the callback addresses given to Safaricom (at least 24 letters, digits, `-` or `_`): Safaricom's callbacks are unsigned, so a callback to any other token is 404",
  },
  {
    name: 'MPESA_BASE_URL',
    default: '`https://api.safaricom.co.ke`',
    readBy: 'server',
    description: "Daraja's address (`https://sandbox.safaricom.co.ke` for the sandbox, a mock's in tests)",
  },
  {
    name: 'MPESA_ALLOWED_IPS',
    readBy: 'server',
    description:
      "comma-separated addresses or CIDRs M-Pesa's callbacks may come from (Safaricom's published list); others are 403. The client address is read through `TRUST_PROXY`. Unset: any address",
  },
  {
    name: 'API_TARGET',
    readBy: 'gateway',
    description:
      "`http(s)://host[:port]` of the business's own chatbot backend: `npm run serve` then runs the gateway (`server/gateway/`), which serves the built dashboard and forwards `/api`, `/uploads` and `/ws` there, with no database of its own (the database, admin and demo variables are not read; see [In front of your own chatbot backend](deploying.md#in-front-of-your-own-chatbot-backend))",
  },
  {
    name: 'WS_TARGET',
    default: "`API_TARGET`'s host",
    readBy: 'gateway',
    description: '`ws(s)://host[:port]` where `/ws` goes instead, when the backend serves its socket elsewhere',
  },
  {
    name: 'API_TIMEOUT_SECONDS',
    default: '`30`',
    readBy: 'gateway',
    description: 'how long the backend may take to start an answer, and the longest pause inside one; then 504',
  },
];

export type Config = {
  host: string;
  port: number;
  dataDir: string;
  databaseUrl?: string;
  adminUsername: string;
  adminPassword: string;
  sessionTtlMs: number;
  loginRateLimit: number;
  /** Normalised origins (scheme://host[:port]). */
  allowedOrigins: string[];
  /** PUBLIC_ORIGIN, normalised; undefined when not set. */
  publicOrigin?: string;
  /** ALLOWED_HOSTS: lower-case names, optionally with :port. */
  allowedHosts: string[];
  cookieSecure: boolean;
  /** false: no proxy; a hop count; or the proxies' addresses/CIDRs. Never "every hop". */
  trustProxy: TrustProxy;
  maxImageBytes: number;
  demoSeed: boolean;
  followUpIntervalMs: number;
  simulateRate: number;
  testControl: boolean;
  production: boolean;
  logLevel: string;
  /** The built dashboard to serve at /, or undefined for none (development: Vite serves it). */
  dashboardDir?: string;
  embeddedDatabaseAccepted: boolean;
  /** ADMIN_PASSWORD was given (not the development default). */
  adminPasswordSet: boolean;
  /** LOG_SQL: every statement written to stdout. */
  logSql: boolean;
  /** The WhatsApp Cloud API channel; undefined when its variables are not set. */
  whatsapp?: WhatsAppConfig;
  /** BOT_MODULE: the module answering customers, or "handoff"; undefined for the catalogue bot. */
  botModule?: string;
  /** M-Pesa (Daraja); undefined when its variables are not set. */
  mpesa?: MpesaConfig;
};

export type MpesaConfig = {
  consumerKey: string;
  consumerSecret: string;
  shortcode: string;
  passkey: string;
  shortcodeType: 'paybill' | 'till';
  /** The secret path segment of the callback addresses. */
  callbackToken: string;
  /** Daraja's base URL without a trailing slash. */
  baseUrl: string;
  /** Addresses or CIDRs callbacks may come from; empty: any. */
  allowedIps: string[];
};

const MPESA_REQUIRED = [
  'MPESA_CONSUMER_KEY',
  'MPESA_CONSUMER_SECRET',
  'MPESA_SHORTCODE',
  'MPESA_PASSKEY',
  'MPESA_CALLBACK_TOKEN',
] as const;

/** Characters of a callback token: they stand in a URL path as they are. */
const CALLBACK_TOKEN = /^[A-Za-z0-9_-]{24,128}$/;

/**
 * The M-Pesa variables: all five secrets and ids, or none (no M-Pesa). As
 * with WhatsApp, a partial set is refused naming what is missing, and no
 * value is ever echoed (keys, the passkey and the token are secrets).
 */
export function parseMpesa(env: NodeJS.ProcessEnv): MpesaConfig | undefined {
  const given = MPESA_REQUIRED.filter((name) => env[name]?.trim());
  if (given.length === 0) return undefined;
  const missing = MPESA_REQUIRED.filter((name) => !env[name]?.trim());
  if (missing.length > 0)
    throw new Error(
      `M-Pesa is half configured: ${given.join(', ')} ${given.length === 1 ? 'is' : 'are'} set but ${missing.join(', ')} ${missing.length === 1 ? 'is' : 'are'} not (see docs/configuration.md)`,
    );
  const shortcode = env.MPESA_SHORTCODE!.trim();
  if (!/^\d{5,7}$/.test(shortcode))
    throw new Error('MPESA_SHORTCODE must be the paybill or till number (5 to 7 digits)');
  const type = (env.MPESA_SHORTCODE_TYPE?.trim() || 'paybill').toLowerCase();
  if (type !== 'paybill' && type !== 'till') throw new Error('MPESA_SHORTCODE_TYPE must be paybill or till');
  const token = env.MPESA_CALLBACK_TOKEN!.trim();
  if (!CALLBACK_TOKEN.test(token))
    throw new Error(
      'MPESA_CALLBACK_TOKEN must have at least 24 characters, only letters, digits, - and _ (it is part of the callback addresses; make it long and random, e.g. openssl rand -hex 16)',
    );
  const rawBase = env.MPESA_BASE_URL?.trim() || 'https://api.safaricom.co.ke';
  let base: URL;
  try {
    base = new URL(rawBase);
  } catch {
    throw new Error(`MPESA_BASE_URL: "${rawBase}" is not an address like https://api.safaricom.co.ke`);
  }
  if ((base.protocol !== 'https:' && base.protocol !== 'http:') || base.username || base.password || base.search)
    throw new Error(
      `MPESA_BASE_URL: "${rawBase}" must be http(s)://host[:port][/path], without credentials or a query`,
    );
  const allowedIps = (env.MPESA_ALLOWED_IPS ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  for (const entry of allowedIps) {
    const [address, prefix, ...rest] = entry.split('/');
    const version = isIP(address);
    const prefixOk = prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 6 ? 128 : 32));
    if (version === 0 || !prefixOk || rest.length > 0)
      throw new Error(
        `MPESA_ALLOWED_IPS: "${entry}" is not an address or CIDR (e.g. 196.201.214.200 or 196.201.212.0/24)`,
      );
  }
  return {
    consumerKey: env.MPESA_CONSUMER_KEY!.trim(),
    consumerSecret: env.MPESA_CONSUMER_SECRET!.trim(),
    shortcode,
    passkey: env.MPESA_PASSKEY!.trim(),
    shortcodeType: type,
    callbackToken: token,
    baseUrl: `${base.origin}${base.pathname.replace(/\/+$/, '')}`,
    allowedIps,
  };
}

export type WhatsAppConfig = {
  accessToken: string;
  phoneNumberId: string;
  businessAccountId: string;
  appSecret: string;
  verifyToken: string;
  /** Graph API base URL without a trailing slash. */
  graphUrl: string;
  version: string;
};

const WHATSAPP_REQUIRED = [
  'WHATSAPP_ACCESS_TOKEN',
  'WHATSAPP_PHONE_NUMBER_ID',
  'WHATSAPP_BUSINESS_ACCOUNT_ID',
  'WHATSAPP_APP_SECRET',
  'WHATSAPP_VERIFY_TOKEN',
] as const;

/**
 * The WhatsApp variables: all five secrets and ids, or none (no channel). A
 * partial set is refused at start, naming what is missing but never echoing
 * a value (tokens and secrets stay out of logs and errors).
 */
export function parseWhatsApp(env: NodeJS.ProcessEnv): WhatsAppConfig | undefined {
  const given = WHATSAPP_REQUIRED.filter((name) => env[name]?.trim());
  if (given.length === 0) return undefined;
  const missing = WHATSAPP_REQUIRED.filter((name) => !env[name]?.trim());
  if (missing.length > 0)
    throw new Error(
      `WhatsApp is half configured: ${given.join(', ')} ${given.length === 1 ? 'is' : 'are'} set but ${missing.join(', ')} ${missing.length === 1 ? 'is' : 'are'} not (see the README, "Connecting WhatsApp")`,
    );
  for (const name of ['WHATSAPP_PHONE_NUMBER_ID', 'WHATSAPP_BUSINESS_ACCOUNT_ID'] as const)
    if (!/^\d{1,30}$/.test(env[name]!.trim()))
      throw new Error(`${name} must be the number shown in Meta's developer console (digits only)`);
  if (env.WHATSAPP_VERIFY_TOKEN!.trim().length < 8)
    throw new Error('WHATSAPP_VERIFY_TOKEN must have at least 8 characters');
  const rawGraph = env.WHATSAPP_GRAPH_URL?.trim() || 'https://graph.facebook.com';
  let graph: URL;
  try {
    graph = new URL(rawGraph);
  } catch {
    throw new Error(`WHATSAPP_GRAPH_URL: "${rawGraph}" is not an address like https://graph.facebook.com`);
  }
  if ((graph.protocol !== 'https:' && graph.protocol !== 'http:') || graph.username || graph.password || graph.search)
    throw new Error(
      `WHATSAPP_GRAPH_URL: "${rawGraph}" must be http(s)://host[:port][/path], without credentials or a query`,
    );
  const version = env.WHATSAPP_GRAPH_VERSION?.trim() || 'v23.0';
  if (!/^v\d{1,3}\.\d{1,3}$/.test(version))
    throw new Error(`WHATSAPP_GRAPH_VERSION must look like v23.0, got "${version}"`);
  return {
    accessToken: env.WHATSAPP_ACCESS_TOKEN!.trim(),
    phoneNumberId: env.WHATSAPP_PHONE_NUMBER_ID!.trim(),
    businessAccountId: env.WHATSAPP_BUSINESS_ACCOUNT_ID!.trim(),
    appSecret: env.WHATSAPP_APP_SECRET!.trim(),
    verifyToken: env.WHATSAPP_VERIFY_TOKEN!.trim(),
    graphUrl: `${graph.origin}${graph.pathname.replace(/\/+$/, '')}`,
    version,
  };
}

export type TrustProxy = false | number | string[];

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

/** 127.0.0.0/8, ::1 and localhost: only this machine can connect. */
export function isLoopbackHost(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, '').toLowerCase();
  return bare === 'localhost' || bare === '::1' || /^127(\.\d{1,3}){3}$/.test(bare);
}

/** Passwords of admins: at least this many characters (the loopback-only development default excepted). */
export const MIN_PASSWORD_LENGTH = 12;
export const DEV_ADMIN_PASSWORD = 'admin123';

function number(env: NodeJS.ProcessEnv, name: string, fallback: number, min = 0): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < min) throw new Error(`${name} must be a number ≥ ${min}, got "${raw}"`);
  return value;
}

/** An http(s) origin with nothing after the host, normalised (lower case, no default port). */
export function parseOrigin(name: string, raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(`${name}: "${raw}" is not an origin like https://dashboard.example.co.ke`);
  }
  if (
    (url.protocol !== 'http:' && url.protocol !== 'https:') ||
    url.username ||
    url.password ||
    url.search ||
    url.hash ||
    url.pathname !== '/'
  ) {
    throw new Error(`${name}: "${raw}" is not an origin like https://dashboard.example.co.ke (http or https, no path)`);
  }
  return url.origin;
}

const HOST_PATTERN =
  /^(\[[0-9a-f:.]+\]|[a-z0-9_]([a-z0-9_-]*[a-z0-9_])?(\.[a-z0-9_]([a-z0-9_-]*[a-z0-9_])?)*)(:\d{1,5})?$/;

function parseHosts(raw: string | undefined): string[] {
  const hosts = (raw ?? '')
    .split(',')
    .map((h) => h.trim().toLowerCase())
    .filter(Boolean);
  for (const host of hosts) {
    if (!HOST_PATTERN.test(host))
      throw new Error(`ALLOWED_HOSTS: "${host}" is not a host name (name or name:port, IPv6 in brackets)`);
  }
  return hosts;
}

const PROXY_RANGES = ['loopback', 'linklocal', 'uniquelocal'];

/**
 * TRUST_PROXY: unset, "", "false" or "0": no proxy. A whole number: that many
 * proxies in front (the client address is the one the outermost trusted proxy
 * saw). Otherwise a list of proxy addresses or CIDRs. "true" is refused.
 */
export function parseTrustProxy(raw: string | undefined): TrustProxy {
  const value = (raw ?? '').trim();
  if (value === '' || value.toLowerCase() === 'false' || value === '0') return false;
  if (value.toLowerCase() === 'true') {
    throw new Error(
      'TRUST_PROXY=true would believe X-Forwarded-For from anyone, so every client could choose its own address and escape the sign-in limits: give the number of proxies in front of the server (TRUST_PROXY=1 for one TLS proxy) or their addresses (e.g. TRUST_PROXY=127.0.0.1 or 10.0.0.0/8)',
    );
  }
  if (/^\d+$/.test(value)) return Number(value);
  const entries = value
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean);
  for (const entry of entries) {
    const [address, prefix, ...rest] = entry.split('/');
    const version = isIP(address);
    const prefixOk = prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 6 ? 128 : 32));
    if (!PROXY_RANGES.includes(entry) && (version === 0 || !prefixOk || rest.length > 0)) {
      throw new Error(
        `TRUST_PROXY: "${entry}" is neither a hop count nor a proxy address or CIDR (e.g. 1, 127.0.0.1, 10.0.0.0/8, loopback)`,
      );
    }
  }
  return entries;
}

const PRIVATE_NETWORKS = (() => {
  const list = new BlockList();
  for (const [net, prefix] of [
    ['127.0.0.0', 8],
    ['10.0.0.0', 8],
    ['172.16.0.0', 12],
    ['192.168.0.0', 16],
    ['169.254.0.0', 16],
    ['100.64.0.0', 10],
  ] as const) {
    list.addSubnet(net, prefix, 'ipv4');
  }
  for (const [net, prefix] of [
    ['::1', 128],
    ['fc00::', 7],
    ['fe80::', 10],
  ] as const)
    list.addSubnet(net, prefix, 'ipv6');
  return list;
})();

/** Loopback, private, link-local or shared (100.64/10) address: a proxy on this machine or network. */
export function isPrivateAddress(address: string): boolean {
  const v4 = /^::ffff:(\d{1,3}(\.\d{1,3}){3})$/i.exec(address)?.[1] ?? address;
  const version = isIP(v4);
  try {
    return version !== 0 && PRIVATE_NETWORKS.check(v4, version === 4 ? 'ipv4' : 'ipv6');
  } catch {
    return false; // an address BlockList cannot read (an IPv6 zone index): not taken for a proxy
  }
}

/**
 * TRUST_PROXY as Fastify's trustProxy. A hop count becomes a function: the
 * first `n` hops are proxies, and the nearest one must connect from a
 * loopback or private address, so that a client reaching the server directly
 * from the internet cannot choose its own address with X-Forwarded-For. A
 * proxy with a public address is named by address instead.
 */
export function fastifyTrustProxy(
  trustProxy: TrustProxy,
): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trustProxy !== 'number') return trustProxy;
  const hops = trustProxy;
  return (address, hop) => hop < hops && (hop > 0 || isPrivateAddress(address));
}

const flag = (env: NodeJS.ProcessEnv, name: string, fallback: boolean) =>
  env[name] === undefined || env[name] === '' ? fallback : env[name] === 'true' || env[name] === '1';

function parseLogLevel(env: NodeJS.ProcessEnv): string {
  const logLevel = (env.LOG_LEVEL || 'info').toLowerCase();
  if (!LOG_LEVELS.includes(logLevel))
    throw new Error(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got "${env.LOG_LEVEL}"`);
  return logLevel;
}

/** ALLOWED_ORIGINS, PUBLIC_ORIGIN and ALLOWED_HOSTS: the names answered and the origins that may change state. */
function hostSettings(env: NodeJS.ProcessEnv): Pick<Config, 'allowedOrigins' | 'publicOrigin' | 'allowedHosts'> {
  return {
    allowedOrigins: (env.ALLOWED_ORIGINS ?? '')
      .split(',')
      .map((o) => o.trim())
      .filter(Boolean)
      .map((o) => parseOrigin('ALLOWED_ORIGINS', o)),
    publicOrigin: env.PUBLIC_ORIGIN?.trim() ? parseOrigin('PUBLIC_ORIGIN', env.PUBLIC_ORIGIN.trim()) : undefined,
    allowedHosts: parseHosts(env.ALLOWED_HOSTS),
  };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const databaseUrl = env.DATABASE_URL?.trim() || undefined;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl))
    throw new Error('DATABASE_URL must start with postgres://');
  const production = env.NODE_ENV === 'production';
  const host = env.HOST || '127.0.0.1';
  const logLevel = parseLogLevel(env);
  const adminPassword = env.ADMIN_PASSWORD;
  if (adminPassword !== undefined && adminPassword !== '' && adminPassword.length < MIN_PASSWORD_LENGTH) {
    throw new Error(`ADMIN_PASSWORD must have at least ${MIN_PASSWORD_LENGTH} characters`);
  }
  if (!adminPassword && !isLoopbackHost(host)) {
    throw new Error(
      `HOST=${host} lets other machines connect, so the development password cannot be used: set ADMIN_PASSWORD (at least ${MIN_PASSWORD_LENGTH} characters) for the first admin`,
    );
  }
  const embeddedDatabaseAccepted = env.EMBEDDED_DATABASE === 'accept-risk';
  if (env.EMBEDDED_DATABASE && !embeddedDatabaseAccepted)
    throw new Error('EMBEDDED_DATABASE takes one value: accept-risk');
  if (production && !databaseUrl && !embeddedDatabaseAccepted) {
    throw new Error(
      'In production the embedded database (PGlite) does not sync its files to disk, so a power loss or an operating-system crash can lose or corrupt recent writes. Set DATABASE_URL to a PostgreSQL server, or EMBEDDED_DATABASE=accept-risk to run on PGlite anyway (take backups).',
    );
  }
  return {
    host,
    port: number(env, 'PORT', 8080, 0),
    dataDir: resolve(env.DATA_DIR || '.data'),
    databaseUrl,
    adminUsername: env.ADMIN_USERNAME || 'admin',
    adminPassword: adminPassword || DEV_ADMIN_PASSWORD,
    adminPasswordSet: Boolean(adminPassword),
    sessionTtlMs: number(env, 'SESSION_TTL_HOURS', 12, 0.001) * 3_600_000,
    loginRateLimit: number(env, 'LOGIN_RATE_LIMIT', 10, 1),
    ...hostSettings(env),
    cookieSecure: flag(env, 'COOKIE_SECURE', false),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    maxImageBytes: number(env, 'MAX_IMAGE_BYTES', 5 * 1024 * 1024, 1),
    demoSeed: flag(env, 'DEMO_SEED', !production),
    followUpIntervalMs: number(env, 'FOLLOW_UP_INTERVAL_MINUTES', 15) * 60_000,
    simulateRate: number(env, 'SIMULATE_RATE', 0),
    testControl: flag(env, 'TEST_CONTROL', false),
    production,
    logLevel,
    dashboardDir: env.DASHBOARD_DIR ? resolve(env.DASHBOARD_DIR) : production ? DEFAULT_DASHBOARD_DIR : undefined,
    embeddedDatabaseAccepted,
    logSql: flag(env, 'LOG_SQL', false),
    whatsapp: parseWhatsApp(env),
    botModule: env.BOT_MODULE?.trim() || undefined,
    mpesa: parseMpesa(env),
  };
}

export type GatewayConfig = Pick<
  Config,
  'host' | 'port' | 'allowedOrigins' | 'publicOrigin' | 'allowedHosts' | 'trustProxy' | 'logLevel' | 'production'
> & {
  /** The backend's origin (http or https, no path). */
  apiTarget: string;
  /** Where /ws goes (ws or wss, no path). */
  wsTarget: string;
  /** How long the backend may take to start an answer, and the longest pause inside one. */
  apiTimeoutMs: number;
  dashboardDir: string;
};

/** A backend's address: scheme and host (and port), nothing after it. */
function parseTarget(name: string, raw: string, schemes: string[]): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(`${name}: "${raw}" is not an address like ${schemes[1]}://chatbot.example.co.ke`);
  }
  if (!schemes.includes(url.protocol.slice(0, -1)) || url.username || url.password || url.search || url.hash) {
    throw new Error(`${name}: "${raw}" must be ${schemes.join(' or ')}://host[:port], without credentials or a query`);
  }
  if (url.pathname !== '/') {
    throw new Error(
      `${name}: "${raw}" has a path; the backend must answer the spec's calls at /api, /ws and /uploads of its host`,
    );
  }
  return `${url.protocol}//${url.host}`;
}

/** The gateway's configuration, read when API_TARGET is set (server/gateway/). */
export function loadGatewayConfig(env: NodeJS.ProcessEnv = process.env): GatewayConfig {
  const apiTarget = parseTarget('API_TARGET', (env.API_TARGET ?? '').trim(), ['http', 'https']);
  const wsTarget = env.WS_TARGET?.trim()
    ? parseTarget('WS_TARGET', env.WS_TARGET.trim(), ['ws', 'wss'])
    : apiTarget.replace(/^http/, 'ws');
  const logLevel = parseLogLevel(env);
  return {
    apiTarget,
    wsTarget,
    apiTimeoutMs: number(env, 'API_TIMEOUT_SECONDS', 30, 0.1) * 1000,
    host: env.HOST || '127.0.0.1',
    port: number(env, 'PORT', 8080, 0),
    ...hostSettings(env),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    logLevel,
    production: env.NODE_ENV === 'production',
    dashboardDir: env.DASHBOARD_DIR ? resolve(env.DASHBOARD_DIR) : DEFAULT_DASHBOARD_DIR,
  };
}
