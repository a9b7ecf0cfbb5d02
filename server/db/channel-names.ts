/** WhatsApp's channel name (server/channels): conversations.channel of its customers, and the default (migration 024). */
export const WHATSAPP_CHANNEL = 'whatsapp';
