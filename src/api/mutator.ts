// The one door data comes in through: the only place in the app that calls fetch.
// Every generated hook (src/api/generated/) sends its request here.
//
// It deliberately imports nothing from src/api/generated/: orval bundles this
// file while it regenerates that folder. The response check is plugged in by
// src/api/contract-check.ts at start-up (main.tsx and the test setup).

/** Errors of every generated hook are the Error this file throws. */
export type ErrorType<_E = unknown> = Error;
export type BodyType<B> = B;

/** A non-OK answer. Its message reads "<status>: <body text>", or "<status>: <status text>" when the body is empty. */
export class ApiError extends Error {
  readonly status: number;
  readonly body: string;

  constructor(status: number, body: string, statusText: string) {
    super(`${status}: ${body || statusText}`);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }
}

/** A response that does not match the contract's schema for its operation. */
export class ContractViolationError extends Error {
  constructor(
    readonly operation: string,
    readonly issues: string[],
  ) {
    super(`Contract violation in the response of ${operation}:\n  ${issues.join('\n  ')}`);
    this.name = 'ContractViolationError';
  }
}

const baseUrl: string = import.meta.env.VITE_API_BASE_URL ?? '';

/** 'strict' throws on a response that breaks the contract (development, tests); 'warn' logs and passes it on (production). */
export type ContractCheckMode = 'strict' | 'warn';
let contractCheckMode: ContractCheckMode = import.meta.env.PROD ? 'warn' : 'strict';
export function setContractCheckMode(mode: ContractCheckMode) {
  contractCheckMode = mode;
}

/** Returns the violation found in a JSON success response, or undefined when it conforms. */
export type ResponseCheck = (method: string, pathname: string, data: unknown) => ContractViolationError | undefined;
let responseCheck: ResponseCheck | undefined;
export function setResponseCheck(check: ResponseCheck | undefined) {
  responseCheck = check;
}

/**
 * Where the check is downloaded after start (production), how to get it at once: an empty
 * answer cannot wait for it, since only the contract says whether it should have had a body.
 */
let loadResponseCheck: (() => Promise<unknown>) | undefined;
export function setResponseCheckLoader(load: (() => Promise<unknown>) | undefined) {
  loadResponseCheck = load;
}

function checkAgainstContract(method: string, url: string, data: unknown): void {
  const violation = responseCheck?.(method, new URL(url, 'http://localhost').pathname, data);
  if (!violation) return;
  if (contractCheckMode === 'strict') {
    console.error(violation.message);
    throw violation;
  }
  console.warn(violation.message);
}

/**
 * Conditional GETs: the last answer with an `ETag` of each GET URL, so the next request sends
 * `If-None-Match` and a 304 reuses it. In memory only (a reload starts empty), bounded (least
 * recently used first out), and emptied when a 401 says the session ended: another user must
 * never be shown what the previous one was sent.
 */
export const ETAG_CACHE_ENTRIES = 100;
type Remembered = { etag: string; status: number; text: string; contentType: string; headers: Headers };
const remembered = new Map<string, Remembered>();

export function clearEtagCache() {
  remembered.clear();
}

function recall(key: string): Remembered | undefined {
  const entry = remembered.get(key);
  if (!entry) return undefined;
  // Map keeps insertion order: re-inserting marks it the most recently used.
  remembered.delete(key);
  remembered.set(key, entry);
  return entry;
}

function remember(key: string, entry: Remembered) {
  remembered.delete(key);
  remembered.set(key, entry);
  while (remembered.size > ETAG_CACHE_ENTRIES) remembered.delete(remembered.keys().next().value!);
}

type Answer = { data: unknown; status: number; headers: Headers };

/**
 * If-None-Match is not a header a browser sends across origins without asking first (a CORS
 * preflight the backend may not allow): conditional GETs only to the page's own origin.
 */
function sameOrigin(target: string): boolean {
  if (typeof location === 'undefined') return true;
  try {
    return new URL(target, location.href).origin === location.origin;
  } catch {
    return false;
  }
}

async function readBody(
  method: string,
  url: string,
  status: number,
  text: string,
  contentType: string,
): Promise<unknown> {
  if (status !== 204 && text === '') {
    // An empty answer where the contract promises a body leaves the screen nothing to show:
    // an error in both modes, so it shows its error and a way to try again instead of
    // loading for ever. A check not downloaded yet is fetched now (a rare answer pays for it).
    if (!responseCheck && loadResponseCheck) await loadResponseCheck().catch(() => undefined);
    const violation = responseCheck?.(method, new URL(url, 'http://localhost').pathname, null);
    if (violation) {
      const empty = new ContractViolationError(violation.operation, ['(body): empty, where the contract has one']);
      console.error(empty.message);
      throw empty;
    }
  }
  // No body: null rather than undefined, which React Query refuses as query data.
  if (status === 204 || text === '') return null;
  if (!contentType.includes('json')) return text;
  const data: unknown = JSON.parse(text);
  checkAgainstContract(method, url, data);
  return data;
}

async function send(url: string, init: RequestInit): Promise<Answer> {
  const method = (init.method ?? 'GET').toUpperCase();
  const target = `${baseUrl}${url}`;
  const conditional = method === 'GET' && sameOrigin(target);
  const cached = conditional ? recall(target) : undefined;
  const response = await fetch(target, {
    ...init,
    method,
    credentials: 'include',
    headers: {
      Accept: 'application/json, text/csv;q=0.9',
      ...(cached ? { 'If-None-Match': cached.etag } : {}),
      ...init.headers,
    },
  });

  if (response.status === 304 && cached) {
    // Unchanged: the body and headers of the answer it validates (checked when it came).
    // Parsed anew: each answer is its own object, as a fresh one would be.
    const data: unknown =
      cached.text === '' ? null : cached.contentType.includes('json') ? JSON.parse(cached.text) : cached.text;
    return { data, status: cached.status, headers: cached.headers };
  }

  const text = await response.text();
  if (!response.ok) {
    if (response.status === 401) clearEtagCache();
    throw new ApiError(response.status, text, response.statusText);
  }
  const contentType = response.headers.get('content-type') ?? '';
  const data: unknown = await readBody(method, url, response.status, text, contentType);
  const etag = response.headers.get('etag');
  if (conditional && etag && response.status === 200) {
    remember(target, { etag, status: response.status, text, contentType, headers: new Headers(response.headers) });
  }
  return { data, status: response.status, headers: response.headers };
}

export async function apiFetch<T>(url: string, init: RequestInit = {}): Promise<T> {
  return (await send(url, init)).data as T;
}

/**
 * The human part of an error, for toasts: the `error` or `message` field of a
 * JSON error body, else the body text; undefined when there is nothing to show.
 */
export function serverMessage(error: unknown): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  const body = error.body.trim();
  if (!body) return undefined;
  try {
    const parsed: unknown = JSON.parse(body);
    if (parsed && typeof parsed === 'object') {
      const { error: err, message } = parsed as { error?: unknown; message?: unknown };
      if (typeof err === 'string' && err) return err;
      if (typeof message === 'string' && message) return message;
    }
  } catch {
    // not JSON: the text itself is the message
  }
  return body;
}

/**
 * A paged list's answer: its items plus the headers that carry the next page (Link) and the
 * total (X-Total-Count); see src/api/paging.ts. The generated list functions call this.
 */
export async function apiFetchPage<T>(url: string, init: RequestInit = {}): Promise<T> {
  const { data, headers } = await send(url, init);
  return { data, status: 200, headers } as T;
}
