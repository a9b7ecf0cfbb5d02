-- Analytics → Sales reads a period's payments and the quotes first sent in it
-- without the rest of their tables: payments by when they were received,
-- sent quotes by when they were sent.
create index order_payments_received on order_payments (received_at);
create index quotes_sent on quotes (sent_at) where sent_at is not null;
