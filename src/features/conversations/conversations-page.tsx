import { useState } from 'react';
import { Button } from 'primereact/button';
import { getExportConversationsUrl } from '../../api/generated/endpoints/conversations/conversations';
import { ActiveFilters } from './components/active-filters';
import { ConversationCard } from './components/conversation-card';
import { FilterCard } from './components/filter-card';
import { hasActiveFilters, noFilters, resultCount, toSearchParams } from './filters';
import { useConversationFilters } from './use-conversation-filters';
import { CONVERSATION_PAGE_SIZE, useConversationList } from './use-conversation-list';
import './conversations.css';
import { LoadError } from '../../components/ui/load-error';
import { ShowMore } from '../../components/ui/show-more';
import { useIncrementalList } from '../../lib/lists/use-incremental-list';
import { moveFocus, useKeyboardShortcuts } from '../../lib/keyboard/shortcuts';

const apiBase: string = import.meta.env.VITE_API_BASE_URL ?? '';

/** /conversations: the conversation list, its filters and the CSV export. */
export function ConversationsPage() {
  const { filters, setFilters, update } = useConversationFilters();
  const { filtering, result, items, total } = useConversationList(filters);
  // A shared or reloaded filtered link opens with its filters in view.
  const [showFilters, setShowFilters] = useState(() => hasActiveFilters(filters));
  // Cards render a page at a time (a list of thousands paints as fast as one of a hundred), and
  // the server's next page is fetched once every loaded card shows.
  const list = useIncrementalList(items, CONVERSATION_PAGE_SIZE, JSON.stringify(filters), {
    hasNextPage: result.hasNextPage,
    isFetchingNextPage: result.isFetchingNextPage,
    isFetchNextPageError: result.isFetchNextPageError,
    fetchNextPage: result.fetchNextPage,
    total,
  });

  // The filters beyond the spec are offered once the backend shows it has the fields (or one is already on).
  const inbox = {
    unread: Boolean(filters.unread) || items.some((c) => c.unreadCount !== undefined),
    replyWindow: Boolean(filters.replyWindowClosing) || items.some((c) => c.replyWindowClosesAt !== undefined),
  };

  // j / k move focus down and up the cards (Enter opens the focused one, as any link).
  const cards = () => [...document.querySelectorAll<HTMLElement>('.conversation-list .conversation-card')];
  useKeyboardShortcuts({ j: () => moveFocus(cards(), 1), k: () => moveFocus(cards(), -1) });

  // A browser navigation (with the current filters), so the server's CSV arrives as a download.
  const exportCsv = () => window.location.assign(`${apiBase}${getExportConversationsUrl(toSearchParams(filters))}`);

  return (
    <div className="page conversations-page">
      <header className="conv-header">
        <div>
          <h1>Conversations</h1>
          <p className="muted">Monitor and manage customer conversations</p>
        </div>
        <div className="conv-actions">
          <Button
            type="button"
            label="Filters"
            icon="pi pi-filter"
            outlined={!showFilters}
            aria-expanded={showFilters}
            aria-controls="conversation-filters"
            onClick={() => setShowFilters((shown) => !shown)}
          />
          <Button type="button" label="Export CSV" icon="pi pi-download" outlined onClick={exportCsv} />
        </div>
      </header>

      <div id="conversation-filters" hidden={!showFilters}>
        {showFilters && <FilterCard filters={filters} update={update} inbox={inbox} />}
      </div>

      {filtering && (
        <div className="filter-summary">
          <ActiveFilters filters={filters} update={update} clearAll={() => setFilters(noFilters)} />
          {result.data && (
            <p className="muted" role="status" data-testid="result-count">
              {resultCount(total ?? items.length, total === undefined)}
            </p>
          )}
        </div>
      )}

      {result.isPending ? (
        <p className="conv-state" role="status">
          <i className="pi pi-spin pi-spinner" aria-hidden="true" /> Loading conversations...
        </p>
      ) : result.isError && !result.data ? (
        <LoadError className="conv-state conv-error" message="Failed to fetch conversations" onRetry={result.refetch} />
      ) : items.length === 0 ? (
        <p className="conv-state">{filtering ? 'No conversations match your filters' : 'No conversations yet'}</p>
      ) : (
        <>
          <ul className="conversation-list">
            {list.visible.map((conversation) => (
              <ConversationCard key={conversation.id} conversation={conversation} />
            ))}
          </ul>
          <ShowMore list={list} noun="conversations" />
        </>
      )}
    </div>
  );
}
