// Kysely dialect over PGlite (embedded PostgreSQL in WASM). PGlite is one
// connection in one process, so the driver hands that connection to one
// borrower at a time: a transaction holds it until commit or rollback, and
// every other query queues behind it.
//
// PGlite runs each query synchronously on this thread, and a query finishing
// hands the connection to the next borrower through promise callbacks only:
// without a pause, a queue of borrowers would run back to back and keep the
// event loop from reading sockets or firing timers until it drained (measured:
// 20 concurrent analytics requests held it for ~200 ms, and /api/auth/me fell
// from ~1,700 to ~90 requests a second). So once queries have held the thread
// for YIELD_AFTER_MS, the next borrower first lets the event loop turn once.
import { performance } from 'node:perf_hooks';
import { setImmediate as eventLoopTurn } from 'node:timers/promises';
import type { PGlite } from '@electric-sql/pglite';
import {
  type CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type QueryResult,
} from 'kysely';

class PGliteConnection implements DatabaseConnection {
  constructor(private readonly pglite: PGlite) {}

  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    const result = await this.pglite.query<R>(compiled.sql, [...compiled.parameters]);
    const kind = compiled.query.kind;
    const changes = kind === 'InsertQueryNode' || kind === 'UpdateQueryNode' || kind === 'DeleteQueryNode';
    return {
      rows: result.rows,
      ...(changes ? { numAffectedRows: BigInt(result.affectedRows ?? 0) } : {}),
    };
  }

  // eslint-disable-next-line require-yield -- a generator that only refuses: PGlite has no streaming
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('Streaming is not supported by the PGlite driver');
  }
}

const YIELD_AFTER_MS = 10;

class PGliteDriver implements Driver {
  private queue: Promise<void> = Promise.resolve();
  private lastYield = performance.now();
  private release: (() => void) | undefined;
  private readonly connection: PGliteConnection;

  constructor(pglite: PGlite) {
    this.connection = new PGliteConnection(pglite);
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    const previous = this.queue;
    let release!: () => void;
    this.queue = new Promise<void>((resolve) => (release = resolve));
    await previous;
    if (performance.now() - this.lastYield >= YIELD_AFTER_MS) {
      await eventLoopTurn();
      this.lastYield = performance.now();
    }
    this.release = release;
    return this.connection;
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery({
      sql: 'begin',
      parameters: [],
      query: { kind: 'RawNode' },
    } as unknown as CompiledQuery);
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery({
      sql: 'commit',
      parameters: [],
      query: { kind: 'RawNode' },
    } as unknown as CompiledQuery);
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery({
      sql: 'rollback',
      parameters: [],
      query: { kind: 'RawNode' },
    } as unknown as CompiledQuery);
  }

  async releaseConnection(): Promise<void> {
    const release = this.release;
    this.release = undefined;
    release?.();
  }

  async destroy(): Promise<void> {}
}

export class PGliteDialect implements Dialect {
  constructor(private readonly pglite: PGlite) {}
  createAdapter() {
    return new PostgresAdapter();
  }
  createDriver(): Driver {
    return new PGliteDriver(this.pglite);
  }
  createQueryCompiler() {
    return new PostgresQueryCompiler();
  }
  createIntrospector(db: Kysely<unknown>) {
    return new PostgresIntrospector(db);
  }
}
