-- An agent's chain id on its vectors' rows, so that an agent search counts the agents that pass
-- its filters (`total`, `by_chain`) from the vectors' table alone. Before, every search joined
-- all passing vectors to `agent_cards` for their chains: 8.5 ms of a 9 ms search without a
-- skill filter at 10,000 agents (a sequential scan of the wide vector rows plus a hash join);
-- the counts now read this column (the next migration keeps them per chain, and
-- `match_agents` there reads it for the chain filter and for counts under a skill filter).
-- `agent_cards` stays the one place to write the chain; triggers keep the copy.

alter table item_embeddings add column if not exists chain_id text;

update item_embeddings e
set chain_id = a.chain_id
from agent_cards a
where a.item_id = e.item_id and a.chain_id is not null and e.chain_id is distinct from a.chain_id;

-- A new vector copies its item's filter columns and, for an agent, its chain.
create or replace function _item_embeddings_fill()
returns trigger
language plpgsql as $$
begin
    select i.kind, i.is_active, i.skill_ids, i.metadata ->> 'media_type',
           _period_lo(i.metadata), _period_hi(i.metadata)
    into new.kind, new.is_active, new.skill_ids, new.media_type, new.date_lo, new.date_hi
    from items i
    where i.id = new.item_id;
    new.chain_id := (select a.chain_id from agent_cards a where a.item_id = new.item_id);
    return new;
end $$;

-- A written or changed chain updates the agent's vectors (only when it differs).
create or replace function _agent_cards_sync_vectors()
returns trigger
language plpgsql as $$
begin
    update item_embeddings e
    set chain_id = new.chain_id
    where e.item_id = new.item_id and e.chain_id is distinct from new.chain_id;
    return null;
end $$;

drop trigger if exists agent_cards_sync_vectors on agent_cards;
create trigger agent_cards_sync_vectors
    after insert or update of chain_id on agent_cards
    for each row execute function _agent_cards_sync_vectors();

-- Counting agents reads this index only (kind and activity in its predicate); a skill filter
-- goes through the GIN index on skill_ids instead (an index carrying the skill arrays made the
-- planner test the overlap on every agent: 9.7 against 2 ms for a skill of 643 agents).
drop index if exists item_embeddings_agents_idx;
create index if not exists item_embeddings_agent_chains_idx
    on item_embeddings (model, chain_id)
    where kind = 'agent' and is_active;
