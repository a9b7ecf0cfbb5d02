import { Button } from 'primereact/button';
import { formatDate } from '../../../lib/format/date';
import type { ConversationFilters } from '../filters';
import { statusLabels } from '../status';

interface ActiveFiltersProps {
  filters: ConversationFilters;
  update: (patch: Partial<ConversationFilters>) => void;
  clearAll: () => void;
}

/** Each active filter as a removable badge, and 'Clear All'. */
export function ActiveFilters({ filters, update, clearAll }: ActiveFiltersProps) {
  const badges: Array<{ name: string; value: string; clear: Partial<ConversationFilters> }> = [];
  if (filters.startDate)
    badges.push({ name: 'Start', value: formatDate(filters.startDate), clear: { startDate: undefined } });
  if (filters.endDate) badges.push({ name: 'End', value: formatDate(filters.endDate), clear: { endDate: undefined } });
  if (filters.customerPhone) badges.push({ name: 'Phone', value: filters.customerPhone, clear: { customerPhone: '' } });
  if (filters.status)
    badges.push({ name: 'Status', value: statusLabels[filters.status], clear: { status: undefined } });
  if (filters.productMentioned)
    badges.push({ name: 'Product', value: filters.productMentioned, clear: { productMentioned: '' } });
  if (filters.unread) badges.push({ name: 'Unread', value: '', clear: { unread: undefined } });
  if (filters.replyWindowClosing)
    badges.push({ name: 'Reply window closing', value: '', clear: { replyWindowClosing: undefined } });
  if (filters.deal) badges.push({ name: 'Deals', value: '', clear: { deal: undefined } });
  if (badges.length === 0) return null;

  return (
    <div className="active-filters" role="group" aria-label="Active filters">
      {badges.map((badge) => (
        <span key={badge.name} className="filter-badge">
          <span>{badge.value ? `${badge.name}: ${badge.value}` : badge.name}</span>
          <button
            type="button"
            className="filter-badge-remove"
            aria-label={`Remove ${badge.name} filter`}
            onClick={() => update(badge.clear)}
          >
            <i className="pi pi-times" aria-hidden="true" />
          </button>
        </span>
      ))}
      <Button type="button" label="Clear All" text size="small" onClick={clearAll} />
    </div>
  );
}
