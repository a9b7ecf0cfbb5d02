// The mock API and socket the benchmark serves in the browser: every GET answered with its
// example from openapi.yaml ('populated' where there is one), the large lists with seeded
// @faker-js/faker data, and a routed /ws the benchmark can send frames on.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page, WebSocketRoute } from '@playwright/test';
import { parse } from 'yaml';
import {
  fakeConversations,
  fakeMessages,
  fakeProducts,
  type Conversation,
  type Message,
  type Product,
} from '../../mocks/faker-data';
import { root } from './serve';

type Example = { value?: unknown; $ref?: string };
type Doc = {
  components?: { examples?: Record<string, Example> };
  paths: Record<
    string,
    {
      get?: {
        responses?: Record<
          string,
          { content?: Record<string, { example?: unknown; examples?: Record<string, Example> }> }
        >;
      };
    }
  >;
};

/** GET path pattern → the contract's example body. */
function contractExamples(): Array<{ pattern: RegExp; body: unknown }> {
  const doc = parse(readFileSync(join(root, 'openapi.yaml'), 'utf8')) as Doc;
  const out: Array<{ pattern: RegExp; body: unknown }> = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    const media = item.get?.responses?.['200']?.content?.['application/json'];
    if (!media) continue;
    const value = (example: Example | undefined) =>
      example?.$ref ? doc.components?.examples?.[example.$ref.split('/').pop()!]?.value : example?.value;
    const examples = media.examples ?? {};
    const body = value(examples.populated) ?? value(Object.values(examples)[0]) ?? media.example;
    if (body === undefined) continue;
    out.push({ pattern: new RegExp(`^${path.replace(/\{[^}]+\}/g, '[^/]+')}$`), body });
  }
  // Literal paths before templated ones (/api/products/export before /api/products/{id}).
  return out.sort((a, b) => Number(a.pattern.source.includes('[^/]+')) - Number(b.pattern.source.includes('[^/]+')));
}

export type BenchData = { products: Product[]; conversations: Conversation[]; messages: Message[] };

export function benchData(sizes: { products: number; conversations: number; messages: number }, seed = 4): BenchData {
  return {
    products: fakeProducts(sizes.products, { seed }),
    conversations: fakeConversations(sizes.conversations, { seed }),
    messages: fakeMessages(sizes.messages, { seed }),
  };
}

/** The conversation the message figures open: the first of the list, holding every message. */
export const MESSAGES_CONVERSATION_ID = 1;

export type ServedApi = { socket: () => WebSocketRoute | undefined; setMessages: (messages: Message[]) => void };

export async function serveApi(page: Page, data: BenchData): Promise<ServedApi> {
  const examples = contractExamples();
  const bodies = new Map<string, string>([
    ['/api/products', JSON.stringify(data.products)],
    ['/api/conversations', JSON.stringify(data.conversations)],
  ]);
  let messages = JSON.stringify(data.messages);
  const detail = { ...data.conversations[0], messageCount: data.messages.length };
  let socket: WebSocketRoute | undefined;
  await page.routeWebSocket(/\/ws$/, (ws) => void (socket = ws));
  await page.route(
    (url) => url.pathname.startsWith('/api/'),
    (route) => {
      const request = route.request();
      const url = new URL(request.url());
      const json = (body: string, status = 200) => route.fulfill({ status, contentType: 'application/json', body });
      if (request.method() !== 'GET') return json(JSON.stringify({ message: 'not used by the benchmark' }), 404);
      const path = url.pathname;
      if (bodies.has(path)) return json(bodies.get(path)!);
      if (path === '/api/auth/me') return json(JSON.stringify({ id: 1, username: 'admin' }));
      if (path === '/api/notifications/unread') return json('[]');
      if (path === `/api/conversations/${MESSAGES_CONVERSATION_ID}`) return json(JSON.stringify(detail));
      if (path === `/api/conversations/${MESSAGES_CONVERSATION_ID}/messages`) return json(messages);
      if (path === '/api/conversations/search') {
        const status = url.searchParams.get('status');
        return json(JSON.stringify(data.conversations.filter((c) => !status || c.status === status)));
      }
      const product = /^\/api\/products\/(\d+)$/.exec(path);
      if (product) return json(JSON.stringify(data.products[Number(product[1]) - 1] ?? data.products[0]));
      const example = examples.find((e) => e.pattern.test(path));
      if (example) return json(JSON.stringify(example.body));
      return json(JSON.stringify({ message: `no bench answer for ${path}` }), 404);
    },
  );
  return { socket: () => socket, setMessages: (next) => void (messages = JSON.stringify(next)) };
}
