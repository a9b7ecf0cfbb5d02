// Node-only. A Daraja (M-Pesa) mock: Stoplight Prism serving our hand-written contract
// (server/payments/mpesa/contract/daraja.yaml) with --errors, so a request that breaks the contract is
// refused (the operation's 400, with an `sl-violations` header saying why) instead of being answered.
//
//   * static (default): each answer is the operation's first example; a test picks another with
//     `Prefer: example=<name>` (stkQuery's `cancelled`), an error with `Prefer: code=404`;
//   * dynamic: answers generated from the schemas.
//
// The callbacks (the contract's `webhooks`) are not served: Prism only answers. They are posted to the
// server by `npm run mock:mpesa-callback` (common/mpesa/callback-payloads.ts).
// Used by `npm run mock:mpesa` (mocks/mpesa/prism.ts) and the server's tests.
import { join } from 'node:path';

import { PROJECT_ROOT } from '../contract/root';
import { startPrism, type PrismProcess } from '../dev/prism';

export const MPESA_CONTRACT_FILE = join(PROJECT_ROOT, 'server', 'payments', 'mpesa', 'contract', 'daraja.yaml');

export type MpesaMockOptions = {
  /** Default: a free port. */
  port?: number;
  dynamic?: boolean;
  seed?: string;
  log?: (line: string) => void;
};

/** Starts Prism on daraja.yaml; `url` is the base URL to give the client (MPESA_BASE_URL). */
export function startMpesaMock(options: MpesaMockOptions = {}): Promise<PrismProcess> {
  return startPrism({ file: MPESA_CONTRACT_FILE, ...options });
}
