import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, ContractViolationError, apiFetch, serverMessage, setContractCheckMode } from '../mutator';
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
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  setContractCheckMode('strict');
});

describe('apiFetch', () => {
  it('sends credentials and returns the parsed body', async () => {
    const fetchMock = answer(200, JSON.stringify([product]));
    vi.stubGlobal('fetch', fetchMock);
    await expect(listProducts()).resolves.toEqual([product]);
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

  it('in production only warns and passes the data on', async () => {
    setContractCheckMode('warn');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const bad = [{ ...product, category: 'limestone' }];
    vi.stubGlobal('fetch', answer(200, JSON.stringify(bad)));
    await expect(listProducts()).resolves.toEqual(bad);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('0.category'));
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
