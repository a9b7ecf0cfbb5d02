import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ApiError,
  ContractViolationError,
  ETAG_CACHE_ENTRIES,
  apiFetch,
  apiFetchPage,
  clearEtagCache,
  serverMessage,
  setContractCheckMode,
  setResponseCheck,
  setResponseCheckLoader,
} from '../mutator';
import { checkResponse } from '../contract-check';
import { listProducts } from '../generated/endpoints/products/products';
import { updateConversationStatus } from '../generated/endpoints/conversations/conversations';

function answer(status: number, body: string, contentType = 'application/json', statusText = '') {
  return vi.fn(
    async () =>
      new Response(body === '' ? null : body, { status, statusText, headers: { 'content-type': contentType } }),
  );
}

const product = {
  id: 1,
  name: 'Absolute Black Granite',
  category: 'granite',
  startingPrice: 8500,
  endingPrice: 12000,
  stock: 3,
  isActive: true,
  installationImageUrls: [],
};

afterEach(() => {
  clearEtagCache();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  setContractCheckMode('strict');
});

describe('apiFetch', () => {
  it('sends credentials and returns the parsed body', async () => {
    const fetchMock = answer(200, JSON.stringify([product]));
    vi.stubGlobal('fetch', fetchMock);
    await expect(listProducts()).resolves.toMatchObject({ data: [product], status: 200 });
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/products',
      expect.objectContaining({ credentials: 'include', method: 'GET' }),
    );
  });

  it('throws "<status>: <body>" on a non-OK answer', async () => {
    vi.stubGlobal('fetch', answer(404, '{"message":"Not found"}'));
    await expect(apiFetch('/api/products/99')).rejects.toThrow('404: {"message":"Not found"}');
  });

  it('uses the status text when the error body is empty', async () => {
    vi.stubGlobal('fetch', answer(503, '', 'text/plain', 'Service Unavailable'));
    const error = await apiFetch('/api/products').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('503: Service Unavailable');
    expect((error as ApiError).status).toBe(503);
  });

  it('returns CSV text as text', async () => {
    vi.stubGlobal('fetch', answer(200, 'Type,Name\ngranite,Absolute Black', 'text/csv'));
    await expect(apiFetch('/api/products/export')).resolves.toBe('Type,Name\ngranite,Absolute Black');
  });

  it('reports a response that breaks the contract: operation, field and problem', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.stubGlobal('fetch', answer(200, JSON.stringify([{ ...product, category: 'limestone', stock: -1 }])));
    const error = await listProducts().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ContractViolationError);
    const message = (error as Error).message;
    expect(message).toContain('listProducts (GET /api/products)');
    expect(message).toMatch(/0\.category: .*granite/);
    expect(message).toMatch(/0\.stock: /);
  });

  it('reports unknown fields, since the contract forbids them', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.stubGlobal(
      'fetch',
      answer(
        200,
        JSON.stringify({
          ...product,
          id: 102,
          whatsappPhoneNumber: '+254722418390',
          status: 'admin_takeover',
          lastMessageAt: '2026-11-22T08:14:05.000Z',
          createdAt: '2026-11-19T10:40:00.000Z',
          productsMentioned: [],
          secret: 1,
        }),
      ),
    );
    await expect(updateConversationStatus(102, { status: 'admin_takeover' })).rejects.toThrow(
      /updateConversationStatus/,
    );
  });

  it('refuses an empty answer where the contract has a body, in production too', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    for (const mode of ['strict', 'warn'] as const) {
      setContractCheckMode(mode);
      vi.stubGlobal('fetch', answer(200, ''));
      const error = await apiFetch('/api/products/1').catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ContractViolationError);
      expect((error as Error).message).toContain('getProduct (GET /api/products/{id})');
      expect((error as Error).message).toContain('(body): empty');
    }
    expect(logged).toHaveBeenCalledTimes(2);
    // An answer the contract gives without a body stays fine.
    vi.stubGlobal('fetch', answer(204, ''));
    await expect(apiFetch('/api/products/1', { method: 'DELETE' })).resolves.toBeNull();
  });

  it('fetches a check not downloaded yet to judge an empty answer (production loads it after start)', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    setContractCheckMode('warn');
    setResponseCheck(undefined);
    const load = vi.fn(async () => setResponseCheck(checkResponse));
    setResponseCheckLoader(load);
    try {
      vi.stubGlobal('fetch', answer(200, ''));
      await expect(apiFetch('/api/products/1')).rejects.toThrow(/getProduct [\s\S]*\(body\): empty/);
      expect(load).toHaveBeenCalledTimes(1);
      // An answer with a body does not wait for it.
      setResponseCheck(undefined);
      vi.stubGlobal('fetch', answer(200, JSON.stringify(product)));
      await expect(apiFetch('/api/products/1')).resolves.toEqual(product);
      expect(load).toHaveBeenCalledTimes(1);
    } finally {
      setResponseCheckLoader(undefined);
      setResponseCheck(checkResponse);
    }
  });

  it('in production only warns and passes the data on', async () => {
    setContractCheckMode('warn');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const bad = [{ ...product, category: 'limestone' }];
    vi.stubGlobal('fetch', answer(200, JSON.stringify(bad)));
    await expect(listProducts()).resolves.toMatchObject({ data: bad });
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('0.category'));
  });
});

describe('apiFetchPage', () => {
  it('answers the items with the headers that carry the next page and the total', async () => {
    const link = '</api/products?limit=1&cursor=abc>; rel="next"';
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify([product]), {
            headers: { 'content-type': 'application/json', link, 'x-total-count': '13' },
          }),
      ),
    );
    const page = await listProducts({ limit: 1 });
    expect(page.data).toEqual([product]);
    expect(page.status).toBe(200);
    expect(page.headers.get('link')).toBe(link);
    expect(page.headers.get('x-total-count')).toBe('13');
  });

  it('fails as apiFetch does', async () => {
    vi.stubGlobal('fetch', answer(500, '{"message":"boom"}'));
    await expect(apiFetchPage('/api/products?limit=1')).rejects.toThrow('500: {"message":"boom"}');
  });
});

describe('conditional GETs (ETag)', () => {
  /** A server with one answer per URL and its ETag: 304 when If-None-Match names it. */
  function etagServer(bodies: Record<string, { body: unknown; etag: string; headers?: Record<string, string> }>) {
    const seen: Array<{ url: string; ifNoneMatch: string | undefined }> = [];
    const fetchMock = vi.fn(async (url: string, init: RequestInit) => {
      const ifNoneMatch = (init.headers as Record<string, string>)['If-None-Match'];
      seen.push({ url, ifNoneMatch });
      const entry = bodies[url];
      if (!entry) return new Response('{"message":"Not found"}', { status: 404 });
      if (ifNoneMatch === entry.etag) return new Response(null, { status: 304, headers: { etag: entry.etag } });
      return new Response(JSON.stringify(entry.body), {
        headers: { 'content-type': 'application/json', etag: entry.etag, ...entry.headers },
      });
    });
    vi.stubGlobal('fetch', fetchMock);
    return { seen, bodies };
  }

  it('sends If-None-Match and reuses the body and headers on 304', async () => {
    const server = etagServer({
      '/api/products?limit=1': {
        body: [product],
        etag: '"v1"',
        headers: { link: '</api/products?limit=1&cursor=n>; rel="next"', 'x-total-count': '13' },
      },
    });
    const first = await listProducts({ limit: 1 });
    const again = await listProducts({ limit: 1 });
    expect(server.seen.map((r) => r.ifNoneMatch)).toEqual([undefined, '"v1"']);
    expect(again.data).toEqual([product]);
    expect(again.data).not.toBe(first.data);
    expect(again.headers.get('x-total-count')).toBe('13');
    expect(again.headers.get('link')).toContain('cursor=n');
  });

  it('takes a changed answer as the new one', async () => {
    const server = etagServer({ '/x/summary': { body: { n: 1 }, etag: '"a"' } });
    await apiFetch('/x/summary');
    server.bodies['/x/summary'] = { body: { n: 2 }, etag: '"b"' };
    await expect(apiFetch('/x/summary')).resolves.toEqual({ n: 2 });
    await expect(apiFetch('/x/summary')).resolves.toEqual({ n: 2 });
    expect(server.seen.map((r) => r.ifNoneMatch)).toEqual([undefined, '"a"', '"b"']);
  });

  it('keeps the most recently used answers only, and forgets them all on a 401', async () => {
    const bodies: Record<string, { body: unknown; etag: string }> = {};
    for (let i = 0; i <= ETAG_CACHE_ENTRIES; i++) bodies[`/x/${i}`] = { body: { i }, etag: `"${i}"` };
    const server = etagServer(bodies);
    for (let i = 0; i <= ETAG_CACHE_ENTRIES; i++) await apiFetch(`/x/${i}`);
    // Entry 0 was the least recently used when entry 100 came: it is gone; entry 1 is not.
    await apiFetch('/x/0');
    await apiFetch(`/x/${ETAG_CACHE_ENTRIES}`);
    expect(server.seen.slice(-2).map((r) => r.ifNoneMatch)).toEqual([undefined, `"${ETAG_CACHE_ENTRIES}"`]);

    vi.stubGlobal('fetch', answer(401, '{"message":"Not signed in"}'));
    await expect(apiFetch('/api/auth/me')).rejects.toThrow('401');
    const after = etagServer(bodies);
    await apiFetch(`/x/${ETAG_CACHE_ENTRIES}`);
    expect(after.seen.map((r) => r.ifNoneMatch)).toEqual([undefined]);
  });

  it('leaves other methods alone', async () => {
    const fetchMock = answer(200, JSON.stringify({ ok: true }));
    vi.stubGlobal('fetch', fetchMock);
    await apiFetch('/api/x', { method: 'POST' });
    await apiFetch('/api/x', { method: 'POST' });
    const calls = fetchMock.mock.calls as unknown as Array<[string, RequestInit]>;
    expect(calls.every(([, init]) => !('If-None-Match' in (init.headers as object)))).toBe(true);
  });
});

describe('serverMessage', () => {
  it('reads error, then message, then the raw text', () => {
    expect(serverMessage(new ApiError(400, '{"error":"Missing columns","message":"x"}', ''))).toBe('Missing columns');
    expect(serverMessage(new ApiError(401, '{"message":"Invalid username or password"}', ''))).toBe(
      'Invalid username or password',
    );
    expect(serverMessage(new ApiError(500, 'Gateway exploded', ''))).toBe('Gateway exploded');
    expect(serverMessage(new ApiError(500, '', 'Internal Server Error'))).toBeUndefined();
    expect(serverMessage(new Error('network'))).toBeUndefined();
  });
});
