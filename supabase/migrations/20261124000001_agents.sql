-- A2A agents found by intent. An agent is an item of kind 'agent' (its name, description, card
-- skills and indexed skill ids as `skill_ids`, so the filter columns on the vectors' rows apply);
-- this table keeps what the registry knows about each agent beside its searchable text: its
-- on-chain ids, the registration as read, the card as last read, and how fetching the card went.
create table if not exists agent_cards (
    item_id         text primary key references items (id) on delete cascade,
    chain_id        text,               -- null for an agent known only by its card
    agent_id        text,
    card_url        text,               -- where its card is fetched from; null: nothing to fetch
    card_status     text not null default 'none'
                    check (card_status in ('none', 'ok', 'not_modified', 'error')),
    card_error      text,
    card_fetched_at timestamptz,
    etag            text,
    last_modified   text,
    live            boolean not null default false,  -- its card was fetched and parsed last time
    last_seen       timestamptz,                     -- when that last happened
    skills_agree    boolean,            -- the card's indexed skills = the registration's (null: one side missing)
    verified        boolean not null default false,  -- the card carries a signature that verifies
    verify_detail   text,
    updated_at      timestamptz not null default now()
);
create index if not exists agent_cards_chain_idx on agent_cards (chain_id);

-- The documents behind each agent, as read: the registration record (normalized) and the card
-- last read (fetched, or embedded in the file). Apart from `agent_cards`, which every agent
-- search joins, so that table stays narrow.
create table if not exists agent_documents (
    item_id      text primary key references items (id) on delete cascade,
    registration jsonb not null default '{}'::jsonb,
    card         jsonb,
    updated_at   timestamptz not null default now()
);

-- An index for counting and filtering agents without reading their vectors' wide rows.
create index if not exists item_embeddings_agents_idx on item_embeddings (model, item_id)
    include (skill_ids, is_active) where kind = 'agent';

-- Agents by similarity to an intent's text, with the skill filter inside the query: any one of
-- the required skills (array overlap on the vectors' own rows) or all of them (containment).
-- `total` and `by_chain` count every agent that passes the filters and the threshold, not just
-- the page; each row carries both. Two paths, chosen on purpose:
-- * a threshold above 0, a live / verified / chain filter, or at most `exact_max_rows` agents
--   passing the skill filter: every passing agent is scored exactly (recall 1);
-- * otherwise (a broad skill filter or none, no threshold): the counts need no distances, and
--   the page comes from the HNSW index, scanned iteratively until enough agents pass.
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
    m_model  text;
    m_dim    int;
    skills   text[] := nullif(required_skills, '{}');
    dist     text;
    skill_sql text := 'true';
    n_total  bigint;
    chains   jsonb;
    saved    text[];
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

    if min_score = 0 and not live_only and not verified_only and chain is null then
        execute format($q$
            select coalesce(sum(n), 0), coalesce(jsonb_object_agg(c, n), '{}'::jsonb) from (
                select coalesce(a.chain_id, 'none') as c, count(*) as n
                from item_embeddings e left join agent_cards a on a.item_id = e.item_id
                where e.model = %L and e.kind = 'agent' and e.is_active and %s
                group by 1) g
        $q$, m_model, skill_sql) into n_total, chains using query_embedding, skills;
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
            using query_embedding, skills, match_count, n_total, chains;
            perform set_config('hnsw.ef_search', saved[1], true);
            perform set_config('hnsw.iterative_scan', saved[2], true);
            perform set_config('enable_bitmapscan', saved[3], true);
            return;
        end if;
    end if;

    return query execute format($q$
        with passed as materialized (
            select e.item_id,
                   greatest(0, least(1, 1 - %1$s))::float8 as sim,
                   a.chain_id, a.agent_id, a.card_url, coalesce(a.live, false) as live,
                   a.last_seen, coalesce(a.verified, false) as verified, a.skills_agree
            from item_embeddings e left join agent_cards a on a.item_id = e.item_id
            where e.model = %2$L and e.kind = 'agent' and e.is_active and %3$s
              and (not $4 or coalesce(a.live, false))
              and (not $5 or coalesce(a.verified, false))
              and ($6::text is null or a.chain_id = $6)
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
               t.chain_id, t.agent_id, t.card_url, t.live, t.last_seen, t.verified,
               t.skills_agree, c.total, c.by_chain
        from top t join items i on i.id = t.item_id cross join counts c
        order by t.sim desc, t.item_id
    $q$, dist, m_model, skill_sql)
    using query_embedding, skills, match_count, live_only, verified_only, chain, min_score;
end $$;
