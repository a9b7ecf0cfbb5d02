// The messages of asyncapi.yaml, typed from the generated realtime payloads.
import type { components } from '../app/openapi/types';

export type ConversationStatus = components['schemas']['ConversationStatus'];
export type NotificationType = components['schemas']['NotificationType'];
/** The notifications of a hand-over (the spec's four); deal_accepted is not one. */
export type HandoffType = Exclude<NotificationType, 'deal_accepted'>;
export const HANDOFF_TYPES: readonly HandoffType[] = [
  'product_not_found',
  'delivery_inquiry',
  'payment_inquiry',
  'unclear_request',
];
/** Why a conversation needs a person (beyond the spec; every HandoffType is one). */
export type HandoffReason = components['schemas']['HandoffReason'];
export type DeliveryStatus = components['schemas']['DeliveryStatus'];

export type RealtimeEvent =
  | {
      type: 'notification';
      data: { id: number; type: NotificationType; message: string; conversationId: number; createdAt?: string };
    }
  | { type: 'conversation_update'; data: { id: number; status?: ConversationStatus; notificationsRead?: boolean } }
  | {
      type: 'message_status';
      data: {
        conversationId: number;
        messageId: number;
        deliveryStatus: DeliveryStatus;
        failureReason?: string | null;
      };
    }
  | {
      type: 'quote_updated';
      data: { quoteId: number; conversationId: number; status: components['schemas']['QuoteStatus'] };
    }
  | {
      type: 'order_updated';
      data: {
        orderId: number;
        status: components['schemas']['OrderStatus'];
        paymentStatus: components['schemas']['OrderPaymentStatus'];
        conversationId: number;
      };
    }
  | {
      type: 'payment_updated';
      data: { paymentId: number; orderId?: number; status?: 'succeeded' | 'failed' };
    };

/** Where services announce changes; the realtime hub delivers them to sockets. */
export type EventBus = { publish(event: RealtimeEvent): void };
