import { useEffect, useRef, useState } from 'react';
import { addLocale, localeOptions } from 'primereact/api';
import { Calendar } from 'primereact/calendar';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import type { ConversationStatus } from '../../../api/generated/model/conversationStatus';
import { PHONE_MAX_LENGTH, PRODUCT_MAX_LENGTH, type ConversationFilters } from '../filters';
import { conversationStatuses, statusLabels } from '../status';

/** Typing settles for this long before the filter (URL and search) follows. */
const TYPING_DELAY_MS = 300;

/** Calendar weeks start on Sunday, whatever the app's default locale says. */
const CALENDAR_LOCALE = 'en-week-from-sunday';
addLocale(CALENDAR_LOCALE, { ...localeOptions('en'), firstDayOfWeek: 0 });

const STATUS_OPTIONS = [
  { label: 'All Statuses', value: '' },
  ...conversationStatuses.map((status) => ({ label: statusLabels[status], value: status })),
];

interface FilterCardProps {
  filters: ConversationFilters;
  update: (patch: Partial<ConversationFilters>) => void;
  /** Which of the filters beyond the spec the backend supports (its conversations carry the fields). */
  inbox?: { unread: boolean; replyWindow: boolean; deal?: boolean };
}

type DateFieldProps = {
  id: string;
  label: string;
  value: Date | undefined;
  onChange: (value: Date | undefined) => void;
  minDate?: Date;
  maxDate?: Date;
};

/** One day picker of the filter card, with Today/Clear buttons (Sunday-first weeks). */
function DateField({ id, label, value, onChange, minDate, maxDate }: DateFieldProps) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <Calendar
        inputId={id}
        value={value ?? null}
        onChange={(event) => onChange((event.value as Date | null) ?? undefined)}
        selectionMode="single"
        placeholder="Pick a date"
        locale={CALENDAR_LOCALE}
        minDate={minDate}
        maxDate={maxDate}
        showIcon
        showButtonBar
      />
    </div>
  );
}

/** 'Filter Conversations': start and end date, phone, status and product mentioned. Typed text applies once typing settles. */
export function FilterCard({
  filters,
  update,
  inbox = { unread: false, replyWindow: false, deal: false },
}: FilterCardProps) {
  const [phone, setPhone] = useTypedFilter(filters.customerPhone, (customerPhone) => update({ customerPhone }));
  const [product, setProduct] = useTypedFilter(filters.productMentioned, (productMentioned) =>
    update({ productMentioned }),
  );

  return (
    <section className="card filter-card" aria-labelledby="filter-card-title">
      <h2 id="filter-card-title">Filter Conversations</h2>
      <div className="filter-grid">
        <DateField
          id="filter-start-date"
          label="Start Date"
          value={filters.startDate}
          onChange={(startDate) => update({ startDate })}
          maxDate={filters.endDate}
        />
        <DateField
          id="filter-end-date"
          label="End Date"
          value={filters.endDate}
          onChange={(endDate) => update({ endDate })}
          minDate={filters.startDate}
        />
        <div className="field">
          <label htmlFor="filter-phone">Customer Phone</label>
          <InputText
            id="filter-phone"
            type="search"
            inputMode="tel"
            placeholder="Search by phone number..."
            value={phone}
            maxLength={PHONE_MAX_LENGTH}
            onChange={(event) => setPhone(event.target.value)}
            autoComplete="off"
          />
        </div>
        <div className="field">
          <label htmlFor="filter-status">Status</label>
          <Dropdown
            inputId="filter-status"
            value={filters.status ?? null}
            options={STATUS_OPTIONS}
            optionLabel="label"
            optionValue="value"
            placeholder="All statuses"
            // PrimeReact's hidden native select duplicates the combobox for screen readers.
            pt={{ select: { 'aria-hidden': true } }}
            onChange={(event) => update({ status: (event.value as ConversationStatus | '' | null) || undefined })}
          />
        </div>
        <div className="field">
          <label htmlFor="filter-product">Product Mentioned</label>
          <InputText
            id="filter-product"
            type="search"
            placeholder="Search by product name..."
            value={product}
            maxLength={PRODUCT_MAX_LENGTH}
            onChange={(event) => setProduct(event.target.value)}
            autoComplete="off"
          />
        </div>
      </div>
      {(inbox.unread || inbox.replyWindow || inbox.deal) && (
        <div className="filter-toggles">
          {inbox.unread && (
            <label className="filter-toggle">
              <input
                type="checkbox"
                checked={Boolean(filters.unread)}
                onChange={(event) => update({ unread: event.target.checked || undefined })}
              />
              Unread
            </label>
          )}
          {inbox.replyWindow && (
            <label className="filter-toggle">
              <input
                type="checkbox"
                checked={Boolean(filters.replyWindowClosing)}
                onChange={(event) => update({ replyWindowClosing: event.target.checked || undefined })}
              />
              Reply window closing
            </label>
          )}
          {inbox.deal && (
            <label className="filter-toggle">
              <input
                type="checkbox"
                checked={Boolean(filters.deal)}
                onChange={(event) => update({ deal: event.target.checked || undefined })}
              />
              Deals
            </label>
          )}
        </div>
      )}
    </section>
  );
}

/**
 * A text filter: the input answers each keystroke, the filter follows once
 * typing pauses. A change from outside (a badge removed, Clear All, a link)
 * replaces what the input shows.
 */
function useTypedFilter(value: string, commit: (text: string) => void) {
  const [text, setText] = useState(value);
  // The latest commit without restarting the pause: a re-render while typing (a list arriving) must not delay it.
  const commitRef = useRef(commit);
  useEffect(() => {
    commitRef.current = commit;
  });
  useEffect(() => {
    setText((current) => (current.trim() === value ? current : value));
  }, [value]);
  useEffect(() => {
    if (text.trim() === value) return;
    const timer = setTimeout(() => commitRef.current(text), TYPING_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text, value]);
  return [text, setText] as const;
}
