// What the check's modules share: the shape of a result and of the report,
// the context every check is handed (send, call, probe, record, skip), and
// the few facts about the contract's operations that more than one check
// needs. run.ts builds the context and calls the checks; the checks import
// only this module and contract.ts.
import type { OpenApiContract, Operation, Violation } from './contract';

export type Check =
  | 'answer'
  | 'no cookie'
  | 'made-up cookie'
  | 'malformed id'
  | 'unknown id'
  | 'invalid query'
  | 'malformed body'
  | 'invalid body'
  | 'wrong media type'
  | 'foreign origin'
  | 'wrong credentials'
  | 'not taken over'
  | 'disabled'
  | 'incomplete order'
  | 'closes before opening'
  | 'out of range'
  | 'negative cases'
  | 'paging'
  | 'order'
  | 'multipart form'
  | 'not modified'
  | 'summary'
  | 'socket';

export type Result = {
  /** "GET /api/products/{id}", or "SOCKET /ws <type>" */
  operation: string;
  operationId?: string;
  check: Check;
  /** What this case sent, when the check name alone does not say: `id "abc"`, `customerPhone=<NUL>`. */
  detail?: string;
  /** The status the case must provoke (negative cases and 401 probes). */
  expected?: number;
  result: 'pass' | 'fail' | 'not checked' | 'skipped' | 'allowed';
  status?: number;
  /** Every violation, worst first. */
  violations: Violation[];
  reason?: string;
  /** Documented statuses of this operation that this row shows the server does not offer (an optional call or feature). */
  notOffered?: string[];
  /** The request behind the answer checked (the last one a multi-request check sent), credentials redacted. */
  request?: SentRequest;
};

/** A request as sent, for the report: the session cookie and passwords replaced by placeholders. */
export type SentRequest = { method: string; path: string; headers?: Record<string, string>; body?: string };

export type Mode = { write: boolean; reachCustomers: boolean };
/** What a report was made with: the tool and the exact contract files it checked against. */
export type ContractFile = { file: string; version: string; sha256: string };
export type Meta = { tool: { name: string; version: string }; contract: ContractFile; asyncapi: ContractFile };
export type Report = {
  meta: Meta;
  /** When the run began and ended (ISO 8601). */
  startedAt: string;
  finishedAt: string;
  baseUrl: string;
  ok: boolean;
  mode: Mode;
  results: Result[];
  coverage: Coverage;
  methodsSent: string[];
};

/** checked: seen, and every such answer conformed; violations: at least one did not; allowed: seen only where a known limit of the server was allowed; not offered: not seen, and the server does not offer what would answer it. */
export type Cell = 'checked' | 'violations' | 'allowed' | 'not offered' | 'not seen';
export type CoverageRow = {
  operationId: string;
  operation: string;
  statuses: Record<string, Cell>;
  undocumented: number[];
};
export type Tally = { documented: number; seen: number; notOffered: number };
export type Coverage = {
  /** Every status key the contract documents on any operation, in order. */
  statuses: string[];
  operations: CoverageRow[];
  /** Documented (operation, status) pairs and how many were seen, by class: 2xx, 4xx, 5xx. */
  tally: Record<string, Tally>;
};

/**
 * A known limit of a server (for example a stateless mock) the run may meet:
 * a failing result of that check (and operation, and status, when given) is
 * reported as "allowed" with the reason, never hidden.
 */
export type Allowance = { check: Check; operation?: string; status?: number; detail?: string; reason: string };

export class FatalError extends Error {}

export type SendInit = { headers?: Record<string, string>; body?: RequestInit['body'] };
export type Answer = { status: number; headers: Headers; body: string };
export type ProbeSpec = {
  /** The path with any id and query filled in. */
  path: string;
  /** What the case sends, in words, for the violation ("a caller with no session cookie"). */
  what: string;
  expected: number;
  detail?: string;
  headers?: Record<string, string>;
  body?: RequestInit['body'];
  /** false: send no session cookie. */
  session?: boolean;
};

export type Resource = 'product' | 'conversation' | 'notification' | 'quickReply' | 'quote' | 'order' | 'deliveryZone';

export type Ctx = {
  base: string;
  cookie: string;
  contract: OpenApiContract;
  mode: Mode;
  results: Result[];
  methodsSent: string[];
  /** Ids read from the lists; `unknown` holds the resources for which UNKNOWN_ID was seen to match nothing. */
  ids: Partial<Record<Resource, number>> & { unknown: Set<Resource> };
  /** Parsed bodies of the answers that conformed, by operationId (the last one). */
  samples: Map<string, unknown>;
  /** Operations whose plain answer has been checked (or deliberately skipped). */
  done: Set<string>;
  /** Operations whose body cases have been sent (the product's from its own scenario). */
  aimed: Set<string>;
  /** Optional operations the server answered 404 (GET /api/summary): not offered. */
  absent: Set<string>;
  /** The query string the read-only walk sends an operation: its required parameters and a year's date range. */
  plainQuery: (op: Operation) => string;
  send: (method: string, path: string, init?: SendInit) => Promise<Answer>;
  /** The last request `send` made, redacted (for a result's `request`). */
  lastRequest: () => SentRequest | undefined;
  /** Calls an operation with the session and checks the answer against the contract. */
  call: (op: Operation, path: string, init?: SendInit) => Promise<Answer>;
  record: (op: Operation, status: number, headers: Headers, body: string) => void;
  /** Provokes a documented status and checks that status and the body the contract gives it. */
  probe: (op: Operation, check: Check, spec: ProbeSpec) => Promise<Result>;
  skip: (op: Operation, check: Check, reason: string, detail?: string) => void;
};

export const resourceOf = (path: string): Resource =>
  path.startsWith('/api/products')
    ? 'product'
    : path.startsWith('/api/conversations')
      ? 'conversation'
      : path.startsWith('/api/quick-replies')
        ? 'quickReply'
        : path.startsWith('/api/quotes')
          ? 'quote'
          : path.startsWith('/api/orders')
            ? 'order'
            : path.startsWith('/api/delivery-zones')
              ? 'deliveryZone'
              : 'notification';

/** A by-id path's id parameter: `{id}`, or an order's `{orderId}` (beyond the spec). */
export const idParam = (path: string): string | undefined =>
  path.includes('{id}') ? '{id}' : path.includes('{orderId}') ? '{orderId}' : undefined;

export function parseJson(body: string): unknown {
  try {
    return body ? JSON.parse(body) : undefined;
  } catch {
    return undefined;
  }
}

/** An origin no dashboard has: a state-changing request from it must be refused. */
export const FOREIGN_ORIGIN = 'https://conformance-check.invalid';

/** Operations that send something to customers. */
export const REACHES_CUSTOMERS = new Set([
  'sendConversationMessage',
  'sendConversationTemplate',
  'runFollowUpCheck',
  'updateConversationStatus',
  'sendQuote',
]);

const SECRET_FIELD = /pass(word)?|secret|token/i;

/**
 * A request as the report shows it: the cookie and any authorization header
 * as placeholders, a JSON body's password-like fields too, and a body that is
 * not text (a form with a file, bytes) named rather than copied.
 */
export function redacted(method: string, path: string, init: SendInit = {}): SentRequest {
  const headers = Object.fromEntries(
    Object.entries(init.headers ?? {})
      .filter(([, value]) => value !== '')
      .map(([name, value]) => [
        name,
        /^(cookie|authorization)$/i.test(name) ? `<${name.toLowerCase()} redacted>` : value,
      ]),
  );
  let body: string | undefined;
  if (typeof init.body === 'string') {
    body = init.body;
    try {
      const json: unknown = JSON.parse(init.body);
      if (json && typeof json === 'object' && !Array.isArray(json))
        body = JSON.stringify(
          Object.fromEntries(
            Object.entries(json).map(([key, value]) => [key, SECRET_FIELD.test(key) ? '<redacted>' : value]),
          ),
        );
    } catch {
      // Not JSON: sent as it is.
    }
  } else if (init.body instanceof FormData) body = '<multipart form>';
  else if (init.body != null) body = '<binary body>';
  return {
    method,
    path,
    ...(Object.keys(headers).length > 0 && { headers }),
    ...(body !== undefined && { body }),
  };
}
