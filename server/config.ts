// Every environment variable the server reads, parsed once.
//
//   PORT                 HTTP port (default 8080), HOST (default 127.0.0.1)
//   DATA_DIR             PGlite database and uploaded images (default .data)
//   DATABASE_URL         postgres://… uses that PostgreSQL server instead of PGlite
//   ADMIN_USERNAME / ADMIN_PASSWORD  first admin when none exists (dev default admin / admin123)
//   SESSION_TTL_HOURS    session lifetime (default 12)
//   LOGIN_RATE_LIMIT     sign-in attempts per IP per minute (default 10)
//   ALLOWED_ORIGINS      comma-separated origins allowed to change state besides the server's own
//   COOKIE_SECURE        "true" always sets Secure; otherwise only for https requests
//   TRUST_PROXY          "true" when behind a TLS-terminating proxy (X-Forwarded-Proto)
//   MAX_IMAGE_BYTES      per-image upload limit (default 5 MiB)
//   DEMO_SEED            "false" skips the demo data seeded into an empty database
//   FOLLOW_UP_INTERVAL_MINUTES  how often due follow-ups are queued (default 15; 0 = never)
//   SIMULATE_RATE        events per minute played by the customer/bot simulator (0 = off)
//   TEST_CONTROL         "true" adds POST /__test/handoff and GET /__test/outbox (end-to-end tests only)
//   NODE_ENV             "production" (set by `npm run serve`): JSON logs, the built dashboard
//                        served, no demo data unless DEMO_SEED=true, the embedded
//                        database only with EMBEDDED_DATABASE=accept-risk
//   LOG_LEVEL            fatal, error, warn, info (default), debug, trace or silent
//   DASHBOARD_DIR        the built dashboard to serve (default dist/ in production, none otherwise)
//   EMBEDDED_DATABASE    "accept-risk": run production on PGlite knowing that a power
//                        loss can lose recent writes (see the README's Deploying section)
//   OUTBOX_SENDER        a module whose default export delivers messages to customers (main.ts)
import { resolve } from 'node:path';
import { DEFAULT_DASHBOARD_DIR } from './paths';

export type Config = {
  host: string;
  port: number;
  dataDir: string;
  databaseUrl?: string;
  adminUsername: string;
  adminPassword: string;
  sessionTtlMs: number;
  loginRateLimit: number;
  allowedOrigins: string[];
  cookieSecure: boolean;
  trustProxy: boolean;
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
};

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

const flag = (env: NodeJS.ProcessEnv, name: string, fallback: boolean) =>
  env[name] === undefined || env[name] === '' ? fallback : env[name] === 'true' || env[name] === '1';

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const databaseUrl = env.DATABASE_URL?.trim() || undefined;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) throw new Error('DATABASE_URL must start with postgres://');
  const production = env.NODE_ENV === 'production';
  const host = env.HOST || '127.0.0.1';
  const logLevel = (env.LOG_LEVEL || 'info').toLowerCase();
  if (!LOG_LEVELS.includes(logLevel)) throw new Error(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got "${env.LOG_LEVEL}"`);
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
  if (env.EMBEDDED_DATABASE && !embeddedDatabaseAccepted) throw new Error('EMBEDDED_DATABASE takes one value: accept-risk');
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
    allowedOrigins: (env.ALLOWED_ORIGINS ?? '').split(',').map((o) => o.trim()).filter(Boolean),
    cookieSecure: flag(env, 'COOKIE_SECURE', false),
    trustProxy: flag(env, 'TRUST_PROXY', false),
    maxImageBytes: number(env, 'MAX_IMAGE_BYTES', 5 * 1024 * 1024, 1),
    demoSeed: flag(env, 'DEMO_SEED', !production),
    followUpIntervalMs: number(env, 'FOLLOW_UP_INTERVAL_MINUTES', 15) * 60_000,
    simulateRate: number(env, 'SIMULATE_RATE', 0),
    testControl: flag(env, 'TEST_CONTROL', false),
    production,
    logLevel,
    dashboardDir: env.DASHBOARD_DIR ? resolve(env.DASHBOARD_DIR) : production ? DEFAULT_DASHBOARD_DIR : undefined,
    embeddedDatabaseAccepted,
  };
}
