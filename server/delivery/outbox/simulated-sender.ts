// A stand-in for WhatsApp in development and in the demo: it accepts each
// message at once, then reports it delivered after about 2 seconds and read
// after about 6, so every delivery state shows on screen. One message in
// five fails on its first attempt, with the reason WhatsApp gives when it
// cannot reach a phone; sent again (Retry), it goes through. Nothing leaves
// the machine. Tests can decide the next outcome (failNext).
import { PermanentDeliveryError, type DeliveryReport, type OutboxSender } from './sender';

export const UNREACHABLE = "WhatsApp could not reach the customer's phone. Check the number or try again later.";

export type SimulatedSender = OutboxSender & {
  /** The next `count` sends fail with `reason` (end-to-end tests). */
  failNext(count?: number, reason?: string): void;
  /** Messages sent so far, oldest first. */
  readonly sent: { id: number; content: string }[];
};

export function simulatedSender(
  options: { deliveredMs?: number; readMs?: number; randomFailures?: boolean } = {},
): SimulatedSender {
  const randomFailures = options.randomFailures ?? true;
  const deliveredMs = options.deliveredMs ?? 2_000;
  const readMs = options.readMs ?? 6_000;
  let report: ((r: DeliveryReport) => Promise<void>) | undefined;
  const triedOnce = new Set<number>();
  let forced: { count: number; reason: string } | undefined;
  let sends = 0;
  const sent: { id: number; content: string }[] = [];

  const later = (ms: number, r: DeliveryReport) => setTimeout(() => void report?.(r).catch(() => {}), ms).unref();

  return {
    name: 'simulated WhatsApp (development)',
    sent,
    onReport(fn) {
      report = fn;
    },
    failNext(count = 1, reason = UNREACHABLE) {
      forced = { count, reason };
    },
    async send(message) {
      if (forced && forced.count > 0) {
        forced.count -= 1;
        triedOnce.add(message.id);
        throw new PermanentDeliveryError(forced.reason);
      }
      sends += 1;
      const first = !triedOnce.has(message.id);
      triedOnce.add(message.id);
      if (randomFailures && first && sends % 5 === 0) throw new PermanentDeliveryError(UNREACHABLE);
      sent.push({ id: message.id, content: message.content });
      later(deliveredMs, { id: message.id, status: 'delivered' });
      later(readMs, { id: message.id, status: 'read' });
    },
  };
}
