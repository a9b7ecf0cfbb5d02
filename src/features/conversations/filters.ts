// Conversation filters: what the screen holds, how it sits in the URL query,
// and the search/export query it becomes.
import type { ConversationStatus } from '../../api/generated/model/conversationStatus';
import type { SearchConversationsParams } from '../../api/generated/model/searchConversationsParams';
import { conversationStatuses } from './status';

export interface ConversationFilters {
  /** A calendar day in local time (midnight). */
  startDate?: Date;
  /** A calendar day in local time (midnight). */
  endDate?: Date;
  customerPhone: string;
  status?: ConversationStatus;
  productMentioned: string;
  /** Beyond the spec: only conversations with messages nobody on staff has read. */
  unread?: boolean;
  /** Beyond the spec: only reply windows that close within 2 hours. */
  replyWindowClosing?: boolean;
  /** Beyond the spec: the Deals view, only conversations where the customer agreed a price. */
  deal?: boolean;
}

export const noFilters: ConversationFilters = { customerPhone: '', productMentioned: '' };

/** The contract's limits on the text filters (openapi.yaml: CustomerPhone, ProductMentioned). */
export const PHONE_MAX_LENGTH = 20;
export const PRODUCT_MAX_LENGTH = 200;

/** A search runs only when a date, a phone, a status or a product is set (blank text counts as not set). */
export function hasActiveFilters(filters: ConversationFilters): boolean {
  return Boolean(
    filters.startDate ||
    filters.endDate ||
    filters.customerPhone.trim() ||
    filters.status ||
    filters.productMentioned.trim() ||
    filters.unread ||
    filters.replyWindowClosing ||
    filters.deal,
  );
}

/** The day after `day`, local time (DST-safe: calendar arithmetic, not 24 h). */
const nextDay = (day: Date) => new Date(day.getFullYear(), day.getMonth(), day.getDate() + 1);

/**
 * The search/export query: only the set filters, dates as ISO instants.
 * The start date means from the beginning of that local day; the end date
 * means up to the end of that local day, so picking the same day for both
 * finds that day's conversations.
 */
export function toSearchParams(filters: ConversationFilters): SearchConversationsParams {
  const params: SearchConversationsParams = {};
  if (filters.startDate) params.startDate = startOfDay(filters.startDate).toISOString();
  if (filters.endDate) params.endDate = new Date(nextDay(filters.endDate).getTime() - 1).toISOString();
  const phone = filters.customerPhone.trim();
  if (phone) params.customerPhone = phone;
  if (filters.status) params.status = filters.status;
  const product = filters.productMentioned.trim();
  if (product) params.productMentioned = product;
  if (filters.unread) params.unread = true;
  if (filters.replyWindowClosing) params.replyWindow = 'closing';
  if (filters.deal) params.deal = true;
  return params;
}

const startOfDay = (date: Date) => new Date(date.getFullYear(), date.getMonth(), date.getDate());

const pad = (n: number) => String(n).padStart(2, '0');

/** "2026-11-05": a local calendar day as the URL carries it. */
export function formatDay(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** Reads "2026-11-05" as local midnight; anything else (or an impossible day) is no date. */
export function parseDay(text: string | null): Date | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text ?? '');
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(year, month - 1, day);
  if (date.getFullYear() !== year || date.getMonth() !== month - 1 || date.getDate() !== day) return undefined;
  return date;
}

/** URL query names: the API's own, so a shared link reads like the search it runs. */
const KEYS = {
  startDate: 'startDate',
  endDate: 'endDate',
  customerPhone: 'customerPhone',
  status: 'status',
  productMentioned: 'productMentioned',
  unread: 'unread',
  replyWindow: 'replyWindow',
  deal: 'deal',
} as const;

const isStatus = (value: string | null): value is ConversationStatus =>
  value !== null && (conversationStatuses as readonly string[]).includes(value);

/** Filters from the page's URL query; values the screen cannot show are ignored. */
export function filtersFromQuery(query: URLSearchParams): ConversationFilters {
  const status = query.get(KEYS.status);
  return {
    startDate: parseDay(query.get(KEYS.startDate)),
    endDate: parseDay(query.get(KEYS.endDate)),
    customerPhone: (query.get(KEYS.customerPhone) ?? '').trim().slice(0, PHONE_MAX_LENGTH),
    status: isStatus(status) ? status : undefined,
    productMentioned: (query.get(KEYS.productMentioned) ?? '').trim().slice(0, PRODUCT_MAX_LENGTH),
    ...(query.get(KEYS.unread) === 'true' && { unread: true }),
    ...(query.get(KEYS.replyWindow) === 'closing' && { replyWindowClosing: true }),
    ...(query.get(KEYS.deal) === 'true' && { deal: true }),
  };
}

/** The page's URL query for these filters; unset ones are left out. */
export function filtersToQuery(filters: ConversationFilters): URLSearchParams {
  const query = new URLSearchParams();
  if (filters.startDate) query.set(KEYS.startDate, formatDay(filters.startDate));
  if (filters.endDate) query.set(KEYS.endDate, formatDay(filters.endDate));
  const phone = filters.customerPhone.trim();
  if (phone) query.set(KEYS.customerPhone, phone);
  if (filters.status) query.set(KEYS.status, filters.status);
  const product = filters.productMentioned.trim();
  if (product) query.set(KEYS.productMentioned, product);
  if (filters.unread) query.set(KEYS.unread, 'true');
  if (filters.replyWindowClosing) query.set(KEYS.replyWindow, 'closing');
  if (filters.deal) query.set(KEYS.deal, 'true');
  return query;
}

/** The result count: '3 results', '1 result'; '100+ results' when more follow and the server did not count them. */
export const resultCount = (n: number, more = false) =>
  more ? `${n}+ results` : `${n} ${n === 1 ? 'result' : 'results'}`;
