-- Sign-in attempts, counted in the database so that every server instance
-- sharing it enforces the same limits (modules/auth/sign-in-limits.ts).
--   scope 'address': key is the client address (an IPv6 /64), failures in
--                    the fixed window that began at window_start
--   scope 'account': key is the username as typed, failures since the last
--                    success; blocked_until is when the next attempt may run
--   scope 'known':   key is "<address>|<username>", an address that signed in
--                    to that account successfully (at updated_at)
create table sign_in_attempts (
  scope text not null check (scope in ('address', 'account', 'known')),
  key text not null,
  failures integer not null default 0,
  window_start timestamptz not null,
  blocked_until timestamptz,
  updated_at timestamptz not null,
  primary key (scope, key)
);
create index sign_in_attempts_updated_at on sign_in_attempts (updated_at);
