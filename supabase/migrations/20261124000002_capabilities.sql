-- Learned capabilities and executions (issue 15). A capability is an item of kind 'capability'
-- (metadata: code_snippet, tools_used, parameters_schema). Every run of a tool or a capability
-- is a row of item_executions: append-only, with its time. item_stats keeps the counters,
-- updated by a trigger in the statement that inserts the execution (an upsert on one row, so
-- concurrent executions of one item serialize on that row and none is lost); it can always be
-- recomputed from the executions (recompute_item_stats). tool_contexts is the co-usage graph
-- behind related tools: which tools appear together in a capability or in an execution trace.

create table if not exists item_executions (
    id          bigserial primary key,
    item_id     text not null references items (id) on delete cascade,
    success     boolean not null,
    duration_ms double precision check (duration_ms is null or duration_ms >= 0),
    error       text,
    trace_id    text,
    created_at  timestamptz not null default now()
);
create index if not exists item_executions_item_idx on item_executions (item_id, created_at);
create index if not exists item_executions_trace_idx on item_executions (trace_id)
    where trace_id is not null;

-- Append-only: an execution is never changed or deleted, except together with its item.
create or replace function _item_executions_append_only()
returns trigger
language plpgsql as $$
begin
    if tg_op = 'DELETE' and not exists (select 1 from items i where i.id = old.item_id) then
        return old;  -- the item itself is being deleted (on delete cascade)
    end if;
    raise exception using errcode = '55000',
        message = 'item_executions is append-only: executions are never changed or deleted';
end $$;

drop trigger if exists item_executions_append_only on item_executions;
create trigger item_executions_append_only
    before update or delete on item_executions
    for each row execute function _item_executions_append_only();

create table if not exists item_stats (
    item_id           text primary key references items (id) on delete cascade,
    successes         bigint not null default 0,
    failures          bigint not null default 0,
    timed_runs        bigint not null default 0,
    duration_ms_total double precision not null default 0,
    first_used_at     timestamptz,
    last_used_at      timestamptz
);

create table if not exists tool_contexts (
    context_id text not null,  -- a capability's item id, or 'trace:' || trace_id
    tool_id    text not null references items (id) on delete cascade,
    source     text not null check (source in ('capability', 'trace')),
    primary key (context_id, tool_id)
);
create index if not exists tool_contexts_tool_idx on tool_contexts (tool_id);

-- One execution: count it, and put a tool run in its trace's context.
create or replace function _item_executions_count()
returns trigger
language plpgsql as $$
begin
    insert into item_stats as s (item_id, successes, failures, timed_runs, duration_ms_total,
                                 first_used_at, last_used_at)
    values (new.item_id, new.success::int, (not new.success)::int,
            (new.duration_ms is not null)::int, coalesce(new.duration_ms, 0),
            new.created_at, new.created_at)
    on conflict (item_id) do update set
        successes = s.successes + excluded.successes,
        failures = s.failures + excluded.failures,
        timed_runs = s.timed_runs + excluded.timed_runs,
        duration_ms_total = s.duration_ms_total + excluded.duration_ms_total,
        first_used_at = least(s.first_used_at, excluded.first_used_at),
        last_used_at = greatest(s.last_used_at, excluded.last_used_at);
    if new.trace_id is not null
       and exists (select 1 from items i where i.id = new.item_id and i.kind = 'tool') then
        insert into tool_contexts (context_id, tool_id, source)
        values ('trace:' || new.trace_id, new.item_id, 'trace')
        on conflict do nothing;
    end if;
    return null;
end $$;

drop trigger if exists item_executions_count on item_executions;
create trigger item_executions_count
    after insert on item_executions
    for each row execute function _item_executions_count();

-- The counters again from the executions (an audit, or a repair): returns how many items'
-- counters were wrong (and are now right).
create or replace function recompute_item_stats(only_items text[] default null)
returns int
language plpgsql as $$
declare
    n int;
begin
    with truth as (
        select e.item_id,
               count(*) filter (where e.success) as successes,
               count(*) filter (where not e.success) as failures,
               count(e.duration_ms) as timed_runs,
               coalesce(sum(e.duration_ms), 0) as duration_ms_total,
               min(e.created_at) as first_used_at,
               max(e.created_at) as last_used_at
        from item_executions e
        where only_items is null or e.item_id = any(only_items)
        group by e.item_id
    ), fixed as (
        insert into item_stats as s (item_id, successes, failures, timed_runs,
                                     duration_ms_total, first_used_at, last_used_at)
        select * from truth
        on conflict (item_id) do update set
            successes = excluded.successes, failures = excluded.failures,
            timed_runs = excluded.timed_runs, duration_ms_total = excluded.duration_ms_total,
            first_used_at = excluded.first_used_at, last_used_at = excluded.last_used_at
        where (s.successes, s.failures, s.timed_runs, s.first_used_at, s.last_used_at)
              is distinct from (excluded.successes, excluded.failures, excluded.timed_runs,
                                excluded.first_used_at, excluded.last_used_at)
           or abs(s.duration_ms_total - excluded.duration_ms_total) > 1e-6
        returning 1
    )
    select count(*) into n from fixed;
    return n;
end $$;

-- A capability's tools are one context of the co-usage graph, kept with the item.
create or replace function _capability_contexts()
returns trigger
language plpgsql as $$
begin
    delete from tool_contexts c where c.context_id = new.id and c.source = 'capability';
    if new.kind = 'capability' and jsonb_typeof(new.metadata -> 'tools_used') = 'array' then
        insert into tool_contexts (context_id, tool_id, source)
        select distinct new.id, t.tool_id, 'capability'
        from jsonb_array_elements_text(new.metadata -> 'tools_used') as t (tool_id)
        join items i on i.id = t.tool_id and i.kind = 'tool'
        on conflict do nothing;
    end if;
    return null;
end $$;

-- Only capabilities (a bulk load of archive records pays nothing).
drop trigger if exists items_capability_contexts_insert on items;
create trigger items_capability_contexts_insert
    after insert on items
    for each row when (new.kind = 'capability')
    execute function _capability_contexts();
drop trigger if exists items_capability_contexts_update on items;
create trigger items_capability_contexts_update
    after update of kind, metadata on items
    for each row when (new.kind = 'capability' or old.kind = 'capability')
    execute function _capability_contexts();

create or replace function _capability_contexts_gone()
returns trigger
language plpgsql as $$
begin
    delete from tool_contexts c where c.context_id = old.id and c.source = 'capability';
    return null;
end $$;

drop trigger if exists items_capability_contexts_gone on items;
create trigger items_capability_contexts_gone
    after delete on items
    for each row when (old.kind = 'capability')
    execute function _capability_contexts_gone();

-- Related tools: weighted Adamic-Adar on the bipartite graph of tools and contexts. Two tools
-- are related through every context (capability or trace) that holds both; a context of n
-- tools adds weight / ln(n) (small contexts say more than large ones). A capability's weight is
-- its smoothed success rate (Beta prior: prior_successes, prior_failures), so a failing
-- capability relates its tools less; a trace weighs 1. Inactive items are left out.
create or replace function related_tools(
    tool_ids         text[],
    per_tool         int default 3,
    prior_successes  float8 default 2.7,
    prior_failures   float8 default 0.3
)
returns table (tool_id text, related_id text, related_name text, relation text, score float8)
language sql stable set jit = off as $$
    with mine as (
        select c.context_id, c.tool_id from tool_contexts c where c.tool_id = any(tool_ids)
    ), ctx as (
        select c.context_id, min(c.source) as source, count(*) as n,
               case when min(c.source) = 'trace' then 1.0
                    else (coalesce(max(s.successes), 0) + prior_successes)
                         / (coalesce(max(s.successes + s.failures), 0)
                            + prior_successes + prior_failures)
               end as weight
        from tool_contexts c
        left join items cap on cap.id = c.context_id
        left join item_stats s on s.item_id = c.context_id
        where c.context_id in (select m.context_id from mine m)
          and (c.source = 'trace' or cap.is_active)
        group by c.context_id
        having count(*) > 1
    ), pairs as (
        select m.tool_id, o.tool_id as related_id, x.source, x.weight / ln(x.n) as part
        from mine m
        join ctx x on x.context_id = m.context_id
        join tool_contexts o on o.context_id = m.context_id and o.tool_id <> m.tool_id
    ), scored as (
        select p.tool_id, p.related_id, i.name,
               string_agg(distinct p.source, '+' order by p.source) as relation,
               sum(p.part) as score
        from pairs p
        join items i on i.id = p.related_id and i.is_active
        group by p.tool_id, p.related_id, i.name
    ), ranked as (
        select s.*, row_number() over (partition by s.tool_id
                                       order by s.score desc, s.related_id) as r
        from scored s
    )
    select r.tool_id, r.related_id, r.name, r.relation, r.score::float8
    from ranked r
    where r.r <= per_tool
    order by r.tool_id, r.r
$$;

-- discover's answer when the embedder fails: items by full text alone (any of the words),
-- ranked by ts_rank_cd normalized by length and into [0, 1) (normalization 1 | 32).
create or replace function match_items_fulltext(
    query_text   text,
    match_count  int default 20,
    filter_kinds text[] default null,
    active_only  boolean default true
)
returns table (
    id text, kind text, name text, title text, description text, summary text,
    metadata jsonb, skill_ids text[], primary_skill_id text, text_rank float8
)
language plpgsql set jit = off stable as $$
declare
    words text := array_to_string(
        regexp_split_to_array(trim(regexp_replace(query_text, '[^[:alnum:]]+', ' ', 'g')), ' '),
        ' or ');
    tsq   tsquery := websearch_to_tsquery('english', words);
begin
    if numnode(tsq) = 0 then
        return;
    end if;
    return query
    select i.id, i.kind, i.name, i.title, i.description, i.summary, i.metadata, i.skill_ids,
           i.primary_skill_id, ts_rank_cd(i.search_text, tsq, 33)::float8 as text_rank
    from items i
    where i.search_text @@ tsq
      and (not active_only or i.is_active)
      and (filter_kinds is null or i.kind = any(filter_kinds))
    order by text_rank desc, i.id
    limit match_count;
end $$;

-- An intent that is exactly a tool's or capability's name finds it through this index.
create index if not exists items_lower_name_idx on items (lower(name))
    where kind in ('tool', 'capability');
