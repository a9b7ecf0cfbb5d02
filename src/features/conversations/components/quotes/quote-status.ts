// How a quote's state reads on screen (openapi.yaml QuoteStatus).
import type { QuoteStatus } from '../../../../api/generated/model/quoteStatus';
import type { BadgeVariant } from '../../../../components/ui/variant-badge';

export const QUOTE_STATUS_LABELS: Record<QuoteStatus, string> = {
  draft: 'Draft',
  sent: 'Sent',
  accepted: 'Accepted',
  expired: 'Expired',
  cancelled: 'Cancelled',
  superseded: 'Superseded',
};

export const QUOTE_STATUS_VARIANTS: Record<QuoteStatus, BadgeVariant> = {
  draft: 'outline',
  sent: 'default',
  accepted: 'success',
  expired: 'secondary',
  cancelled: 'destructive',
  superseded: 'secondary',
};

/** "Q00042" for a first revision, "Q00042 rev 2" after. */
export const quoteTitle = (quote: { number: string; revision: number }) =>
  quote.revision > 1 ? `${quote.number} rev ${quote.revision}` : quote.number;
