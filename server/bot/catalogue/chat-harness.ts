// An in-memory conversation for trying a bot without a server: tools that
// record every call and keep the conversation's state (the offer, the round,
// the product in focus, converted, the bot's memory) the way the runner does,
// so that a whole chat can be played message by message. Used by the engine's
// tests (server/test/bot-engine-*.test.ts) and handy for benches.
import { DEMO_IMAGES, DEMO_PRODUCTS } from '../../../common/demo-data/catalogue';
import { botSettingsDefaults } from '../../modules/bot-settings/defaults';
import type { NotificationType } from '../../realtime/events';
import type { Bot, BotSettings, BotTools, BotTurn, CatalogueProduct } from '../interface';

/** DEMO_PRODUCTS as the bot sees them: ids 1, 2, … in order, 10 of each in stock, the demo pictures where one fits. */
export function demoCatalogue(): CatalogueProduct[] {
  const pictures: Record<string, string> = {
    'Absolute Black Granite': DEMO_IMAGES.granite[0],
    'Galaxy Black Granite': DEMO_IMAGES.granite[1],
    'Kashmir White Granite': DEMO_IMAGES.granite[2],
    'Carrara White Marble': DEMO_IMAGES.marble[0],
    'Calacatta Gold Quartz': DEMO_IMAGES.quartz[0],
    'Franke Stainless Steel Double Bowl Sink': DEMO_IMAGES.sink[0],
  };
  return DEMO_PRODUCTS.map((p, index) => ({
    id: index + 1,
    name: p.name,
    category: p.category,
    dimensions: p.dimensions,
    description: p.description,
    startingPrice: p.startingPrice,
    endingPrice: p.endingPrice,
    color: p.color ?? null,
    installationPricePerSlab: p.installationPricePerSlab ?? null,
    material: p.material ?? null,
    bowlConfiguration: p.bowlConfiguration ?? null,
    stock: 10,
    productImageUrl: pictures[p.name] ?? null,
  }));
}

/** The settings before staff save any: the server's defaults (openapi.yaml's BotSettingsDefaults). */
export const defaultSettings = botSettingsDefaults;

export type ToolCall =
  | { tool: 'reply'; text: string }
  | { tool: 'handoff'; type: NotificationType; message: string }
  | { tool: 'productInterest'; productId: number; name: string; kind: 'view' | 'inquiry' }
  | { tool: 'offer'; price: number; round: number }
  | { tool: 'converted' }
  | { tool: 'catalogue' }
  | { tool: 'remember'; value: unknown };

/** What one turn did. */
export type TurnResult = {
  calls: ToolCall[];
  /** The texts sent, in order. */
  replies: string[];
  handoffs: Array<{ type: NotificationType; message: string }>;
  offers: Array<{ price: number; round: number }>;
  interests: Array<{ productId: number; kind: 'view' | 'inquiry' }>;
  converted: boolean;
};

export type ChatOptions = {
  bot: Bot;
  catalogue?: CatalogueProduct[];
  settings?: BotSettings;
  customerName?: string | null;
  phone?: string;
  /** When each message is sent (default: a Tuesday at 10:00 in Nairobi). */
  at?: Date;
};

/** A conversation with a bot, played in memory. */
export class Chat {
  readonly calls: ToolCall[] = [];
  conversation: BotTurn['conversation'] = {
    currentProductId: null,
    currentOfferPrice: null,
    bargainingRound: null,
    converted: false,
  };
  memory: unknown = null;
  /** bot_active until the bot hands over. */
  status: 'bot_active' | 'admin_required' = 'bot_active';
  catalogue: CatalogueProduct[];
  settings: BotSettings;
  at: Date;
  private messageId = 0;

  constructor(private readonly options: ChatOptions) {
    this.catalogue = options.catalogue ?? demoCatalogue();
    this.settings = options.settings ?? defaultSettings();
    this.at = options.at ?? new Date('2026-11-24T07:00:00Z');
  }

  /** Staff hand the conversation back to the bot. */
  handBack() {
    this.status = 'bot_active';
  }

  /** The customer sends a message; the bot answers it (as the runner would, only while Bot Active). */
  async send(content: string, extra: Partial<BotTurn> = {}): Promise<TurnResult> {
    const calls: ToolCall[] = [];
    const record = (call: ToolCall) => {
      calls.push(call);
      this.calls.push(call);
    };
    if (this.status !== 'bot_active') return summarise(calls);
    const tools: BotTools = {
      reply: async (text) => {
        if (this.status !== 'bot_active') return false;
        record({ tool: 'reply', text });
        return true;
      },
      handoff: async (type, message) => {
        record({ tool: 'handoff', type, message });
        this.status = 'admin_required';
      },
      productInterest: async (product, kind) => {
        record({ tool: 'productInterest', productId: product.id, name: product.name, kind });
        this.conversation = { ...this.conversation, currentProductId: product.id };
      },
      offer: async (price, round) => {
        record({ tool: 'offer', price, round });
        this.conversation = { ...this.conversation, currentOfferPrice: price, bargainingRound: round };
      },
      converted: async () => {
        record({ tool: 'converted' });
        this.conversation = { ...this.conversation, converted: true };
      },
      catalogue: async () => {
        record({ tool: 'catalogue' });
        return this.catalogue;
      },
      remember: async (value) => {
        if (JSON.stringify(value).length > 4096) throw new Error('memory over 4 KB');
        record({ tool: 'remember', value });
        this.memory = JSON.parse(JSON.stringify(value));
      },
    };
    const turn: BotTurn = {
      conversationId: 1,
      messageId: ++this.messageId,
      content,
      messageType: 'text',
      customerName: this.options.customerName === undefined ? 'Brian Otieno' : this.options.customerName,
      phone: this.options.phone ?? '+254712345678',
      at: this.at,
      conversation: { ...this.conversation },
      memory: this.memory,
      settings: this.settings,
      ...extra,
    };
    await this.options.bot.onCustomerMessage(turn, tools);
    return summarise(calls);
  }
}

function summarise(calls: ToolCall[]): TurnResult {
  return {
    calls,
    replies: calls.flatMap((c) => (c.tool === 'reply' ? [c.text] : [])),
    handoffs: calls.flatMap((c) => (c.tool === 'handoff' ? [{ type: c.type, message: c.message }] : [])),
    offers: calls.flatMap((c) => (c.tool === 'offer' ? [{ price: c.price, round: c.round }] : [])),
    interests: calls.flatMap((c) => (c.tool === 'productInterest' ? [{ productId: c.productId, kind: c.kind }] : [])),
    converted: calls.some((c) => c.tool === 'converted'),
  };
}
