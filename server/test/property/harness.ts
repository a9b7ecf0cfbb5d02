// The one shared test server, driven by app.inject(): requests go out as
// Wires, every answer comes back with the contract violations the server
// recorded while producing it, and the stored state can be snapshotted to
// prove a refused request changed nothing.
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'kysely';
import type { Operation } from '../../app/openapi/openapi';
import { ADMIN, type TestServer } from '../helpers';
import { describeExchange, toWire, type Shape, type Wire } from './requests';

export type Answer = { statusCode: number; headers: Record<string, unknown>; body: string };
export type Exchange = { wire: Wire; answer: Answer; violations: string[] };

export class Harness {
  private addresses = 0;

  constructor(readonly server: TestServer) {}

  /**
   * A client address not used before. Sign-in is limited per address; each
   * generated sign-in comes from its own, so the per-address limit never
   * decides an answer (the per-account one can: 429 is documented).
   */
  nextAddress(): string {
    const n = ++this.addresses;
    return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
  }

  /** A session of its own (for sign-out), made through the service so no sign-in limit counts it. */
  async freshCookie(): Promise<string> {
    const session = await this.server.app.services.auth.login(ADMIN.username, ADMIN.password);
    if (!session) throw new Error('could not open a session for the test');
    return `sid=${session.token}`;
  }

  async wire(op: Operation, shape: Shape, method?: string): Promise<Wire> {
    const fresh = shape.cookie === 'fresh' ? await this.freshCookie() : undefined;
    const wire = toWire(op, shape, { session: this.server.cookie, fresh }, method);
    if (op.public) wire.remoteAddress = this.nextAddress();
    return wire;
  }

  async send(wire: Wire): Promise<Exchange> {
    const response = await this.server.app.inject({
      method: wire.method as 'GET',
      url: wire.url,
      headers: wire.headers,
      payload: wire.payload,
      ...(wire.remoteAddress ? { remoteAddress: wire.remoteAddress } : {}),
    });
    const violations = this.server.app.contractViolations.splice(0);
    return {
      wire,
      answer: { statusCode: response.statusCode, headers: response.headers, body: response.body },
      violations,
    };
  }

  /** GET on a path with the shared session. */
  async get(url: string): Promise<Answer> {
    const { answer, violations } = await this.send({ method: 'GET', url, headers: { cookie: this.server.cookie } });
    if (violations.length > 0) throw new Error(`GET ${url} broke the contract: ${violations.join('; ')}`);
    return answer;
  }

  /** Ids of a table's rows. */
  async ids(table: 'products' | 'conversations' | 'notifications'): Promise<number[]> {
    const rows = await this.server.database.db.selectFrom(table).select('id').orderBy('id').execute();
    return rows.map((row) => row.id);
  }

  /** Everything a request could change, as one comparable text. */
  async snapshot(): Promise<string> {
    const db = this.server.database.db;
    const count = async (table: 'messages' | 'outbox' | 'sessions' | 'users' | 'product_events') =>
      (await sql<{ n: string }>`select count(*)::text as n from ${sql.table(table)}`.execute(db)).rows[0].n;
    const uploads = join(this.server.dataDir, 'uploads');
    return JSON.stringify({
      products: await db.selectFrom('products').selectAll().orderBy('id').execute(),
      conversations: await db.selectFrom('conversations').selectAll().orderBy('id').execute(),
      notifications: await db.selectFrom('notifications').selectAll().orderBy('id').execute(),
      settings: await db.selectFrom('follow_up_settings').selectAll().execute(),
      messages: await count('messages'),
      outbox: await count('outbox'),
      sessions: await count('sessions'),
      users: await count('users'),
      productEvents: await count('product_events'),
      uploads: existsSync(uploads) ? readdirSync(uploads).sort() : [],
    });
  }
}

/** A failure message: what went wrong, why the request was wrong (if it was), and the exchange. */
export function failure(title: string, problems: string[], exchange: Exchange, breaches: string[] = []): Error {
  const lines = [title, ...problems.map((problem) => `  - ${problem}`)];
  if (breaches.length > 0) lines.push(`  the request breaks the contract by: ${breaches.join('; ')}`);
  lines.push(describeExchange(exchange.wire, exchange.answer));
  if (exchange.violations.length > 0)
    lines.push(`  contract violations recorded by the server: ${exchange.violations.join(' | ')}`);
  return new Error(lines.join('\n'));
}
