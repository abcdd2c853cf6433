-- A2A agents found by intent. An agent is an item of kind 'agent' (its name, description, card
-- skills and indexed skill ids as `skill_ids`, so the filter columns on the vectors' rows apply);
-- this table keeps what the registry knows about each agent beside its searchable text: its
-- on-chain ids, the registration as read, the card as last read, and how fetching the card went.
create table if not exists agent_cards (
    item_id         text primary key references items (id) on delete cascade,
    chain_id        text,               -- null for an agent known only by its card
    agent_id        text,
    card_url        text,               -- where its card is fetched from; null: nothing to fetch
    registration    jsonb not null default '{}'::jsonb,  -- the registration record, normalized
    card            jsonb,              -- the card last read (fetched, or embedded in the file)
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

-- Agents by similarity to an intent's text, with the skill filter inside the query: any one of
-- the required skills (array overlap on the vectors' own rows, GIN-indexed) or all of them
-- (containment). Every agent that passes the filter and the threshold is scored exactly (the
-- agents are a small, filtered share of the catalog), so `total` and `by_chain` count all of
-- them, not just the page; each row carries both.
create or replace function match_agents(
    query_embedding vector,
    required_skills text[] default null,
    require_all     boolean default false,
    min_score       float8 default 0,
    match_count     int default 50,
    live_only       boolean default false,
    verified_only   boolean default false,
    chain           text default null,
    model_name      text default null
)
returns table (
    id text, name text, description text, metadata jsonb, skill_ids text[], similarity float8,
    chain_id text, agent_id text, card_url text, live boolean, last_seen timestamptz,
    verified boolean, skills_agree boolean, total bigint, by_chain jsonb
)
language plpgsql stable set jit = off as $$
declare
    m_model text;
    m_dim   int;
    skills  text[] := nullif(required_skills, '{}');
begin
    if min_score is null or min_score < 0 or min_score > 1 then
        raise exception using errcode = '22023', message = 'min_score must be within [0, 1]';
    end if;
    if match_count is null or match_count < 1 or match_count > 1000 then
        raise exception using errcode = '22023', message = 'match_count must be within [1, 1000]';
    end if;
    select r.model, r.dim into m_model, m_dim from _require_model(query_embedding, model_name) r;
    return query execute format($q$
        with scored as materialized (
            select e.item_id, greatest(0, least(1, 1 - (e.embedding::vector(%1$s) <=> $1::vector(%1$s))))::float8 as sim
            from item_embeddings e
            where e.model = %2$L and e.kind = 'agent' and e.is_active
              and ($2::text[] is null or case when $3 then e.skill_ids @> $2 else e.skill_ids && $2 end)
        ), passed as materialized (
            select s.item_id, s.sim, a.chain_id, a.agent_id, a.card_url,
                   coalesce(a.live, false) as live, a.last_seen,
                   coalesce(a.verified, false) as verified, a.skills_agree
            from scored s left join agent_cards a on a.item_id = s.item_id
            where s.sim >= $4
              and (not $6 or coalesce(a.live, false))
              and (not $7 or coalesce(a.verified, false))
              and ($8::text is null or a.chain_id = $8)
        ), counts as (
            select count(*) as total,
                   coalesce((select jsonb_object_agg(c.chain, c.n) from (
                       select coalesce(p.chain_id, 'none') as chain, count(*) as n
                       from passed p group by 1) c), '{}'::jsonb) as by_chain
            from passed
        ), top as (
            select * from passed order by sim desc, item_id limit $5
        )
        select i.id, i.name, i.description, i.metadata, i.skill_ids, t.sim,
               t.chain_id, t.agent_id, t.card_url, t.live, t.last_seen, t.verified,
               t.skills_agree, c.total, c.by_chain
        from top t join items i on i.id = t.item_id cross join counts c
        order by t.sim desc, t.item_id
    $q$, m_dim, m_model)
    using query_embedding, skills, require_all, min_score, match_count, live_only,
          verified_only, chain;
end $$;
