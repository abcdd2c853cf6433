-- Safe on Supabase (issue 19). Supabase exposes the `public` schema through its REST API to the
-- `anon` key (public by design) and to signed-in users (`authenticated`), and grants both every
-- privilege on every table and function there by default. This migration closes that:
--
-- * row level security on every table in `public`; every write (and every read) is allowed to
--   `service_role`; `anon` and `authenticated` may read only what the product publishes:
--   active items and skills and what the search functions read to rank them;
-- * the functions run as their caller (`security invoker`) with a fixed `search_path` (pgvector
--   lives in `public` on the embedded server and in `extensions` on Supabase); `anon` and
--   `authenticated` may execute the search functions (the `rpc(...)` names) and nothing else;
-- * the default privileges that would open future tables and functions to them are revoked.
--
-- The app's own connection owns the tables, so row level security does not apply to it. On a
-- plain PostgreSQL, where Supabase's roles do not exist, the grants and policies that name them
-- are skipped (the roles are not created): row level security is still on, so a role other
-- than the owner reads nothing until it is given a policy. docs/engine.md describes the model.

-- Tables that are not yet protected (new ones: LangGraph's checkpoint tables, tables of later
-- migrations): row level security on, no privileges for PUBLIC, `anon` or `authenticated`,
-- everything for `service_role`; functions: no EXECUTE for PUBLIC, a fixed `search_path`, and
-- EXECUTE for `service_role`. Idempotent; the migration runner calls it after every run and the
-- checkpointer after creating its tables. Returns the tables it protected.
create or replace function secure_public_schema()
returns int
language plpgsql
security invoker
set search_path = pg_catalog, public, extensions, pg_temp
as $$
declare
    t       record;
    f       record;
    n       int := 0;
    service boolean := exists (select 1 from pg_roles where rolname = 'service_role');
    readers text := (select string_agg(quote_ident(rolname), ', ' order by rolname)
                     from pg_roles where rolname in ('anon', 'authenticated'));
begin
    -- One caller at a time (the runner of one process, the checkpointer of another), and no
    -- catalog write for what is already done: concurrent GRANTs on one object would fail.
    perform pg_advisory_xact_lock(727002);
    for t in
        select c.relname from pg_class c
        where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p')
          and not c.relrowsecurity and pg_has_role(c.relowner, 'USAGE')
          and not exists (select 1 from pg_depend d where d.classid = 'pg_class'::regclass
                          and d.objid = c.oid and d.deptype = 'e')
    loop
        execute format('alter table public.%I enable row level security', t.relname);
        execute format('revoke all on table public.%I from public', t.relname);
        if readers is not null then
            execute format('revoke all on table public.%I from %s', t.relname, readers);
        end if;
        if service then
            execute format('grant all on table public.%I to service_role', t.relname);
            execute format('drop policy if exists service_role_all on public.%I', t.relname);
            execute format('create policy service_role_all on public.%I for all to service_role'
                           ' using (true) with check (true)', t.relname);
        end if;
        n := n + 1;
    end loop;

    -- Sequences (bigserial, identity columns): only the owner and service_role draw from them.
    for t in
        select c.relname from pg_class c
        where c.relnamespace = 'public'::regnamespace and c.relkind = 'S'
          and pg_has_role(c.relowner, 'USAGE')
          and (c.relacl is null or exists (select 1 from aclexplode(c.relacl) a
               where a.grantee = 0 or pg_get_userbyid(a.grantee) in ('anon', 'authenticated')))
    loop
        execute format('revoke all on sequence public.%I from public', t.relname);
        if readers is not null then
            execute format('revoke all on sequence public.%I from %s', t.relname, readers);
        end if;
        if service then
            execute format('grant usage, select on sequence public.%I to service_role', t.relname);
        end if;
    end loop;

    -- Functions of ours (not an extension's: pgvector's own live in `public` on the embedded
    -- server and every role needs them). Immutable SQL helpers that read no table keep an
    -- unpinned search_path: a SET clause would stop PostgreSQL from inlining them into the
    -- triggers and queries that call them per row.
    for f in
        select * from (
            select p.oid::regprocedure as sig,
                   p.proacl is null or exists (select 1 from aclexplode(p.proacl) a
                                               where a.grantee = 0) as open_to_public,
                   not (l.lanname = 'sql' and p.provolatile = 'i') and not exists (
                       select 1 from unnest(coalesce(p.proconfig, '{}')) c
                       where c like 'search_path=%') as unpinned
            from pg_proc p join pg_language l on l.oid = p.prolang
            where p.pronamespace = 'public'::regnamespace and p.prokind = 'f'
              and pg_has_role(p.proowner, 'USAGE')
              and not exists (select 1 from pg_depend d where d.classid = 'pg_proc'::regclass
                              and d.objid = p.oid and d.deptype = 'e')
        ) x where x.open_to_public or x.unpinned
    loop
        if f.open_to_public then
            execute format('revoke all on function %s from public', f.sig);
            if service then
                execute format('grant execute on function %s to service_role', f.sig);
            end if;
        end if;
        if f.unpinned then
            execute format('alter function %s security invoker'
                           ' set search_path = pg_catalog, public, extensions, pg_temp', f.sig);
        end if;
    end loop;
    return n;
end $$;

select secure_public_schema();

do $$
declare
    readers text := (select string_agg(quote_ident(rolname), ', ' order by rolname)
                     from pg_roles where rolname in ('anon', 'authenticated'));
    f       text;
    t       text;
begin
    if readers is null then
        return;  -- a plain PostgreSQL: nobody but the owner (and service_role, if any) reads
    end if;

    -- Future objects: no privileges for the readers by default (Supabase grants them all).
    execute format('alter default privileges in schema public revoke all on tables from %s', readers);
    execute format('alter default privileges in schema public revoke all on sequences from %s', readers);
    execute format('alter default privileges in schema public revoke all on functions from %s', readers);
    -- Existing functions: none for the readers, except the search functions below.
    for f in
        select p.oid::regprocedure::text from pg_proc p
        where p.pronamespace = 'public'::regnamespace and p.prokind = 'f'
          and not exists (select 1 from pg_depend d where d.classid = 'pg_proc'::regclass
                          and d.objid = p.oid and d.deptype = 'e')
    loop
        execute format('revoke all on function %s from %s', f, readers);
    end loop;

    -- The search functions a client calls with rpc(...), and the model lookup they share.
    for f in
        select p.oid::regprocedure::text from pg_proc p
        where p.pronamespace = 'public'::regnamespace
          and p.proname in ('match_items', 'match_items_hybrid', 'match_items_bm25',
                            'match_items_fuse',
                            'match_items_text', 'match_items_text_any', 'match_items_fulltext',
                            'match_skills', 'match_archives', 'match_agents', 'catalog_model',
                            '_require_model')
    loop
        execute format('grant execute on function %s to %s', f, readers);
    end loop;

    -- What they may read, row by row: published (active) items and skills and what the search
    -- functions read to rank them. Term statistics (bm25_terms, bm25_df, bm25_kind_stats), the
    -- agents counted per chain (agent_counts) and the list of embedding models are not per item
    -- and are readable whole.
    foreach t in array array['items', 'skills', 'item_embeddings', 'item_bm25', 'skill_embeddings',
                             'item_skills', 'item_schemas', 'agent_cards', 'embedding_models',
                             'bm25_terms', 'bm25_df', 'bm25_kind_stats', 'agent_counts']
    loop
        if t <> 'agent_cards' then
            execute format('grant select on table public.%I to %s', t, readers);
        end if;
        execute format('drop policy if exists published_read on public.%I', t);
    end loop;
    -- An agent's card as its search shows it; fetch errors, ETags and verification details stay
    -- internal.
    execute format('grant select (item_id, chain_id, agent_id, card_url, live, last_seen,'
                   ' verified, skills_agree) on table public.agent_cards to %s', readers);

    execute format('create policy published_read on public.items for select to %s'
                   ' using (is_active)', readers);
    execute format('create policy published_read on public.skills for select to %s'
                   ' using (is_active)', readers);
    execute format('create policy published_read on public.item_embeddings for select to %s'
                   ' using (is_active)', readers);
    execute format('create policy published_read on public.item_bm25 for select to %s'
                   ' using (is_active)', readers);
    execute format('create policy published_read on public.skill_embeddings for select to %s'
                   ' using (exists (select 1 from public.skills s'
                   ' where s.id = skill_id and s.is_active))', readers);
    foreach t in array array['item_skills', 'item_schemas', 'agent_cards'] loop
        execute format('create policy published_read on public.%I for select to %s'
                       ' using (exists (select 1 from public.items i'
                       ' where i.id = item_id and i.is_active))', t, readers);
    end loop;
    foreach t in array array['embedding_models', 'bm25_terms', 'bm25_df', 'bm25_kind_stats',
                             'agent_counts'] loop
        execute format('create policy published_read on public.%I for select to %s'
                       ' using (true)', t, readers);
    end loop;
end $$;
