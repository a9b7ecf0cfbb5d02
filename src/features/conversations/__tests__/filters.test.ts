import { describe, expect, it } from 'vitest';
import { searchConversationsQueryParams } from '../../../api/generated/zod/conversations/conversations.zod';
import {
  filtersFromQuery,
  filtersToQuery,
  formatDay,
  hasActiveFilters,
  noFilters,
  parseDay,
  resultCount,
  toSearchParams,
  type ConversationFilters,
} from '../filters';

const day = (y: number, m: number, d: number) => new Date(y, m - 1, d);

describe('when a search runs', () => {
  it('not without filters, nor for blank text', () => {
    expect(hasActiveFilters(noFilters)).toBe(false);
    expect(hasActiveFilters({ customerPhone: '   ', productMentioned: '\t' })).toBe(false);
  });

  it.each<[string, Partial<ConversationFilters>]>([
    ['a start date', { startDate: day(2026, 11, 1) }],
    ['an end date', { endDate: day(2026, 11, 22) }],
    ['a phone', { customerPhone: '0722' }],
    ['a status', { status: 'admin_required' }],
    ['a product', { productMentioned: 'granite' }],
  ])('with %s alone', (_name, patch) => {
    expect(hasActiveFilters({ ...noFilters, ...patch })).toBe(true);
  });
});

describe('filters → search query', () => {
  it('sends nothing for no filters', () => {
    expect(toSearchParams(noFilters)).toEqual({});
  });

  it('sends only the set parameters, text trimmed', () => {
    expect(toSearchParams({ ...noFilters, customerPhone: ' 0722 ' })).toEqual({ customerPhone: '0722' });
    expect(toSearchParams({ ...noFilters, status: 'admin_takeover' })).toEqual({ status: 'admin_takeover' });
    expect(toSearchParams({ ...noFilters, productMentioned: 'Black granite ' })).toEqual({
      productMentioned: 'Black granite',
    });
  });

  it('turns the start day into the ISO instant of its local midnight', () => {
    const { startDate } = toSearchParams({ ...noFilters, startDate: day(2026, 11, 5) });
    expect(startDate).toBe(day(2026, 11, 5).toISOString());
    expect(new Date(startDate!).getHours()).toBe(0);
  });

  it('turns the end day into the last millisecond of that local day, so the day itself is included', () => {
    const { endDate } = toSearchParams({ ...noFilters, endDate: day(2026, 11, 22) });
    const end = new Date(endDate!);
    expect(endDate).toBe(end.toISOString());
    expect([
      end.getFullYear(),
      end.getMonth(),
      end.getDate(),
      end.getHours(),
      end.getMinutes(),
      end.getSeconds(),
      end.getMilliseconds(),
    ]).toEqual([2026, 10, 22, 23, 59, 59, 999]);
  });

  it('uses the time of day of neither date (a picker value may carry one)', () => {
    const params = toSearchParams({
      ...noFilters,
      startDate: new Date(2026, 10, 5, 15, 30),
      endDate: new Date(2026, 10, 5, 9, 0),
    });
    expect(new Date(params.startDate!).getHours()).toBe(0);
    expect(new Date(params.endDate!).getHours()).toBe(23);
  });

  it('builds a query every filter combined, which the contract accepts', () => {
    const params = toSearchParams({
      startDate: day(2026, 11, 1),
      endDate: day(2026, 11, 22),
      customerPhone: '0722',
      status: 'admin_required',
      productMentioned: 'granite',
    });
    expect(Object.keys(params).sort()).toEqual(['customerPhone', 'endDate', 'productMentioned', 'startDate', 'status']);
    expect(searchConversationsQueryParams.safeParse(params).success).toBe(true);
  });
});

describe('days in the URL', () => {
  it('formats and reads a local calendar day', () => {
    expect(formatDay(day(2026, 1, 5))).toBe('2026-01-05');
    expect(parseDay('2026-01-05')).toEqual(day(2026, 1, 5));
  });

  it.each(['', '2026-1-5', '2026-02-30', '2026-13-01', 'yesterday', '2026-11-05T00:00:00Z'])('ignores %j', (text) => {
    expect(parseDay(text)).toBeUndefined();
  });
  it('ignores a missing value', () => expect(parseDay(null)).toBeUndefined());
});

describe('URL round trip (reload, shared link)', () => {
  it('gives back every filter', () => {
    const filters: ConversationFilters = {
      startDate: day(2026, 11, 1),
      endDate: day(2026, 11, 22),
      customerPhone: '0722',
      status: 'admin_takeover',
      productMentioned: 'Carrara White',
    };
    const url = `?${filtersToQuery(filters).toString()}`;
    expect(url).toBe(
      '?startDate=2026-11-01&endDate=2026-11-22&customerPhone=0722&status=admin_takeover&productMentioned=Carrara+White',
    );
    const back = filtersFromQuery(new URLSearchParams(url));
    expect(back).toEqual(filters);
    expect(toSearchParams(back)).toEqual(toSearchParams(filters));
  });

  it('writes nothing for no filters and leaves blank text out', () => {
    expect(filtersToQuery(noFilters).toString()).toBe('');
    expect(filtersToQuery({ ...noFilters, customerPhone: '  ' }).toString()).toBe('');
  });

  it('drops what the screen cannot show: unknown status, bad dates, over-long text', () => {
    const filters = filtersFromQuery(
      new URLSearchParams(`status=closed&startDate=nope&customerPhone=${'1'.repeat(30)}`),
    );
    expect(filters).toEqual({
      ...noFilters,
      customerPhone: '1'.repeat(20),
      startDate: undefined,
      endDate: undefined,
      status: undefined,
    });
  });
});

it("words the count as '1 result' or 'N results'", () => {
  expect(resultCount(3)).toBe('3 results');
  expect(resultCount(1)).toBe('1 result');
  expect(resultCount(0)).toBe('0 results');
});

describe('the inbox filters (unread, reply window closing)', () => {
  it('each alone starts a search', () => {
    expect(hasActiveFilters({ ...noFilters, unread: true })).toBe(true);
    expect(hasActiveFilters({ ...noFilters, replyWindowClosing: true })).toBe(true);
    expect(hasActiveFilters({ ...noFilters, unread: false, replyWindowClosing: false })).toBe(false);
  });

  it('become the contract’s unread=true and replyWindow=closing, valid for its schema', () => {
    const params = toSearchParams({ ...noFilters, unread: true, replyWindowClosing: true });
    expect(params).toEqual({ unread: true, replyWindow: 'closing' });
    expect(searchConversationsQueryParams.safeParse(params).success).toBe(true);
  });

  it('survive a reload through the address bar, and nothing else turns them on', () => {
    const filters = { ...noFilters, unread: true, replyWindowClosing: true };
    const query = filtersToQuery(filters);
    expect(query.toString()).toBe('unread=true&replyWindow=closing');
    expect(filtersFromQuery(query)).toEqual(filters);
    expect(filtersFromQuery(new URLSearchParams('unread=1&replyWindow=open'))).toEqual(noFilters);
  });
});

describe('the Deals view (deal=true)', () => {
  it('starts a search alone, becomes the contract’s deal=true and survives a reload', () => {
    const filters = { ...noFilters, deal: true };
    expect(hasActiveFilters(filters)).toBe(true);
    expect(hasActiveFilters({ ...noFilters, deal: false })).toBe(false);
    const params = toSearchParams(filters);
    expect(params).toEqual({ deal: true });
    expect(searchConversationsQueryParams.safeParse(params).success).toBe(true);
    const query = filtersToQuery(filters);
    expect(query.toString()).toBe('deal=true');
    expect(filtersFromQuery(query)).toEqual(filters);
    expect(filtersFromQuery(new URLSearchParams('deal=yes'))).toEqual(noFilters);
  });
});
