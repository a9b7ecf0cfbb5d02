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
import { resolve } from 'node:path';

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
};

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
  return {
    host: env.HOST || '127.0.0.1',
    port: number(env, 'PORT', 8080, 0),
    dataDir: resolve(env.DATA_DIR || '.data'),
    databaseUrl,
    adminUsername: env.ADMIN_USERNAME || 'admin',
    adminPassword: env.ADMIN_PASSWORD || 'admin123',
    sessionTtlMs: number(env, 'SESSION_TTL_HOURS', 12, 0.001) * 3_600_000,
    loginRateLimit: number(env, 'LOGIN_RATE_LIMIT', 10, 1),
    allowedOrigins: (env.ALLOWED_ORIGINS ?? '').split(',').map((o) => o.trim()).filter(Boolean),
    cookieSecure: flag(env, 'COOKIE_SECURE', false),
    trustProxy: flag(env, 'TRUST_PROXY', false),
    maxImageBytes: number(env, 'MAX_IMAGE_BYTES', 5 * 1024 * 1024, 1),
    demoSeed: flag(env, 'DEMO_SEED', true),
    followUpIntervalMs: number(env, 'FOLLOW_UP_INTERVAL_MINUTES', 15) * 60_000,
    simulateRate: number(env, 'SIMULATE_RATE', 0),
    testControl: flag(env, 'TEST_CONTROL', false),
  };
}
