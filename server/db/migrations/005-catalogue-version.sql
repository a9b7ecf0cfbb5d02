-- A counter that every statement changing products moves on. The server keeps
-- the whole catalogue's JSON (GET /api/products without a limit, which the
-- dashboard's product screen loads for its instant search) and rebuilds it
-- only when this counter has moved, whichever instance or tool changed it.
create table catalogue_version (
  id integer primary key check (id = 1),
  version bigint not null
);
insert into catalogue_version values (1, 1);

create function bump_catalogue_version() returns trigger language plpgsql as $$
begin
  update catalogue_version set version = version + 1 where id = 1;
  return null;
end
$$;

create trigger products_catalogue_version
  after insert or update or delete or truncate on products
  for each statement execute function bump_catalogue_version();
