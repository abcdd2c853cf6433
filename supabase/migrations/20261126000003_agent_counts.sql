-- How many searchable agents each chain has, per embedding model, kept by statement triggers
-- on the vectors' table (only the rows a statement changed are counted: new ones added, old
-- ones taken away, in the writer's own transaction, so a reader's snapshot sees counts that
-- agree with the vectors it sees). An agent search without a skill filter, threshold, live or
-- verified filter answers `total` and `by_chain` from here instead of counting every agent:
-- a count over 10,000 agents read 4,000 pages of wide vector rows (6 to 9 ms) whenever the
-- table was not freshly vacuumed; this is a lookup of a few rows.

create table if not exists agent_counts (
    model    text   not null,
    chain_id text   not null,  -- 'none' for agents known only by their card
    n        bigint not null default 0,
    primary key (model, chain_id)
);

create or replace function _agent_counts_apply(changes text[], signs int[], models text[])
returns void
language sql as $$
    insert into agent_counts as c (model, chain_id, n)
    select d.model, d.chain, sum(d.sign)
    from unnest(models, changes, signs) as d(model, chain, sign)
    group by d.model, d.chain
    on conflict (model, chain_id) do update set n = c.n + excluded.n
$$;

-- One statement trigger for all three events: rows a statement removed count -1, rows it added
-- +1 (an update both), only agents' active rows, grouped by model and chain.
create or replace function _agent_counts_follow()
returns trigger
language plpgsql as $$
begin
    if tg_op in ('UPDATE', 'DELETE') then
        perform _agent_counts_apply(array_agg(coalesce(r.chain_id, 'none')), array_agg(-1),
                                    array_agg(r.model))
        from old_rows r where r.kind = 'agent' and r.is_active having count(*) > 0;
    end if;
    if tg_op in ('INSERT', 'UPDATE') then
        perform _agent_counts_apply(array_agg(coalesce(r.chain_id, 'none')), array_agg(1),
                                    array_agg(r.model))
        from new_rows r where r.kind = 'agent' and r.is_active having count(*) > 0;
    end if;
    return null;
end $$;

-- PostgreSQL allows transition tables only on single-event triggers: three triggers, one function.
drop trigger if exists agent_counts_insert on item_embeddings;
create trigger agent_counts_insert after insert on item_embeddings
    referencing new table as new_rows
    for each statement execute function _agent_counts_follow();
drop trigger if exists agent_counts_delete on item_embeddings;
create trigger agent_counts_delete after delete on item_embeddings
    referencing old table as old_rows
    for each statement execute function _agent_counts_follow();
drop trigger if exists agent_counts_update on item_embeddings;
create trigger agent_counts_update after update on item_embeddings
    referencing old table as old_rows new table as new_rows
    for each statement execute function _agent_counts_follow();

-- The counts of the agents already there.
delete from agent_counts;
insert into agent_counts (model, chain_id, n)
select e.model, coalesce(e.chain_id, 'none'), count(*)
from item_embeddings e
where e.kind = 'agent' and e.is_active
group by 1, 2;

-- match_agents with the counts and the chain filter on the vectors' rows (`agent_cards` joined
-- only for the page, and for every passing agent only when a live or verified filter asks for
-- its card's state), the counts of an unfiltered search read from agent_counts, and no separate count of a skill filter's agents when their skills'
-- member counts show that few enough pass for the exact path.
create or replace function match_agents(
    query_embedding vector,
    required_skills text[] default null,
    require_all     boolean default false,
    min_score       float8 default 0,
    match_count     int default 50,
    live_only       boolean default false,
    verified_only   boolean default false,
    chain           text default null,
    model_name      text default null,
    exact_max_rows  int default 2000,
    ef_search       int default 100
)
returns table (
    id text, name text, description text, metadata jsonb, skill_ids text[], similarity float8,
    chain_id text, agent_id text, card_url text, live boolean, last_seen timestamptz,
    verified boolean, skills_agree boolean, total bigint, by_chain jsonb
)
language plpgsql volatile set jit = off as $$
declare
    m_model   text;
    m_dim     int;
    skills    text[] := nullif(required_skills, '{}');
    dist      text;
    skill_sql text := 'true';
    card_join text := '';
    n_total   bigint;
    chains    jsonb;
    saved     text[];
    bound     bigint;
begin
    if min_score is null or min_score < 0 or min_score > 1 then
        raise exception using errcode = '22023', message = 'min_score must be within [0, 1]';
    end if;
    if match_count is null or match_count < 1 or match_count > 1000 then
        raise exception using errcode = '22023', message = 'match_count must be within [1, 1000]';
    end if;
    select r.model, r.dim into m_model, m_dim from _require_model(query_embedding, model_name) r;
    dist := format('(e.embedding::vector(%s) <=> $1::vector(%s))', m_dim, m_dim);
    if skills is not null then
        skill_sql := case when require_all then 'e.skill_ids @> $2' else 'e.skill_ids && $2' end;
    end if;

    if min_score = 0 and not live_only and not verified_only then
        if skills is null then
            select coalesce(sum(c.n), 0),
                   coalesce(jsonb_object_agg(c.chain_id, c.n) filter (where c.n > 0), '{}')
            into n_total, chains
            from agent_counts c
            where c.model = m_model and c.n > 0 and (chain is null or c.chain_id = chain);
        else
            -- The skills' member counts (kept for every skill by the catalog) bound how many
            -- agents can pass: when the bound is within exact_max_rows, counting them first
            -- would read the same rows twice, so the exact path below scores and counts them
            -- in one pass. A skill the table does not know, or a bound above, counts first.
            select case when count(*) = cardinality(skills) then
                        case when require_all then min(sk.tool_count) else sum(sk.tool_count) end
                   end
            into bound
            from public.skills sk where sk.id = any(skills);
            if bound is null or bound > exact_max_rows then
                execute format($q$
                    select coalesce(sum(n), 0), coalesce(jsonb_object_agg(c, n), '{}'::jsonb)
                    from (select coalesce(e.chain_id, 'none') as c, count(*) as n
                          from item_embeddings e
                          where e.model = %L and e.kind = 'agent' and e.is_active and %s
                            and ($3::text is null or e.chain_id = $3)
                          group by 1) g
                $q$, m_model, skill_sql) into n_total, chains using query_embedding, skills, chain;
            else
                n_total := 0;  -- at most exact_max_rows: the exact path
            end if;
        end if;
        if n_total > exact_max_rows then
            saved := array[coalesce(current_setting('hnsw.ef_search', true), '40'),
                           coalesce(current_setting('hnsw.iterative_scan', true), 'off'),
                           current_setting('enable_bitmapscan')];
            perform set_config('hnsw.ef_search', greatest(ef_search, match_count)::text, true);
            perform set_config('hnsw.iterative_scan', 'relaxed_order', true);
            perform set_config('enable_bitmapscan', 'off', true);
            return query execute format($q$
                with nn as materialized (
                    select e.item_id, %1$s as d from item_embeddings e
                    where e.model = %2$L and e.kind = 'agent' and e.is_active and %3$s
                      and ($6::text is null or e.chain_id = $6)
                    order by %1$s limit $3
                )
                select i.id, i.name, i.description, i.metadata, i.skill_ids,
                       greatest(0, least(1, 1 - nn.d))::float8, a.chain_id, a.agent_id,
                       a.card_url, coalesce(a.live, false), a.last_seen,
                       coalesce(a.verified, false), a.skills_agree, $4, $5
                from nn join items i on i.id = nn.item_id
                left join agent_cards a on a.item_id = nn.item_id
                order by nn.d, nn.item_id
            $q$, dist, m_model, skill_sql)
            using query_embedding, skills, match_count, n_total, chains, chain;
            perform set_config('hnsw.ef_search', saved[1], true);
            perform set_config('hnsw.iterative_scan', saved[2], true);
            perform set_config('enable_bitmapscan', saved[3], true);
            return;
        end if;
    end if;

    if live_only or verified_only then
        card_join := 'join agent_cards a on a.item_id = e.item_id
                      and (not $4 or a.live) and (not $5 or a.verified)';
    end if;
    return query execute format($q$
        with passed as materialized (
            select e.item_id, e.chain_id,
                   greatest(0, least(1, 1 - %1$s))::float8 as sim
            from item_embeddings e %4$s
            where e.model = %2$L and e.kind = 'agent' and e.is_active and %3$s
              and ($6::text is null or e.chain_id = $6)
        ), kept as materialized (
            select * from passed where sim >= $7
        ), counts as (
            select count(*) as total,
                   coalesce((select jsonb_object_agg(c.chain, c.n) from (
                       select coalesce(k.chain_id, 'none') as chain, count(*) as n
                       from kept k group by 1) c), '{}'::jsonb) as by_chain
            from kept
        ), top as (
            select * from kept order by sim desc, item_id limit $3
        )
        select i.id, i.name, i.description, i.metadata, i.skill_ids, t.sim,
               a.chain_id, a.agent_id, a.card_url, coalesce(a.live, false),
               a.last_seen, coalesce(a.verified, false), a.skills_agree,
               c.total, c.by_chain
        from top t join items i on i.id = t.item_id
        left join agent_cards a on a.item_id = t.item_id
        cross join counts c
        order by t.sim desc, t.item_id
    $q$, dist, m_model, skill_sql, card_join)
    using query_embedding, skills, match_count, live_only, verified_only, chain, min_score;
end $$;
