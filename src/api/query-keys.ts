// The query-key prefixes the app invalidates. They are written out rather than taken from the
// generated getters because importing a generated endpoints module pulls all of its hooks into
// the first download (the query client is part of the entry chunk). query-keys.test.ts holds each
// one equal to its generated getter, so they cannot drift from the contract.
export const queryKeys = {
  currentUser: ['api', 'auth', 'me'],
  products: ['api', 'products'],
  conversations: ['api', 'conversations'],
  notifications: ['api', 'notifications'],
  followUpSettings: ['api', 'follow-ups', 'settings'],
  botSettings: ['api', 'bot', 'settings'],
  summary: ['api', 'summary'],
  quickReplies: ['api', 'quick-replies'],
  deliveryZones: ['api', 'delivery-zones'],
  messageTemplates: ['api', 'message-templates'],
  // Every quote list and each quote (['api','quotes',id]); a conversation's quotes sit under conversations.
  quotes: ['api', 'quotes'],
  business: ['api', 'business'],
  orders: ['api', 'orders'],
  payments: ['api', 'payments'],
  // orval starts the keys of its infinite queries with 'infinate' (its spelling), so the
  // prefixes above do not reach the paged lists: these do.
  infiniteProducts: ['infinate', 'api', 'products'],
  infiniteConversations: ['infinate', 'api', 'conversations'],
  infiniteNotifications: ['infinate', 'api', 'notifications'],
  infiniteQuotes: ['infinate', 'api', 'quotes'],
  infiniteOrders: ['infinate', 'api', 'orders'],
  infinitePayments: ['infinate', 'api', 'payments'],
} as const;
