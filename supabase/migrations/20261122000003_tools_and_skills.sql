-- Tools, prompts and resources (issue 6): input schemas kept apart and loaded lazily for the
-- returned tools only, the skill-suggestion review queue's fields, and skill centroids that go
-- back to the description vector when a skill loses its last active member.

create table if not exists item_schemas (
    item_id      text primary key references items (id) on delete cascade,
    input_schema jsonb not null
);

-- Sync bookkeeping: which MCP server (or file) an item came from.
create index if not exists items_server_idx on items ((metadata ->> 'server'))
    where kind in ('tool', 'prompt', 'resource');

alter table skill_suggestions
    add column if not exists parent_domain text not null default 'tools',
    add column if not exists keywords      text[] not null default '{}',
    add column if not exists reason        text not null default '',
    add column if not exists skill_id      text references skills (id) on delete set null;
-- One pending suggestion per name: a tool that fits nothing joins it instead of filing a copy.
create unique index if not exists skill_suggestions_pending_name
    on skill_suggestions (lower(name)) where status = 'pending';

-- As before (counts, confidence-weighted normalized centroids), and a skill with no active
-- member loses its centroid, so the caller can give it its description vector again.
create or replace function refresh_skill_centroids(model_name text, only_skills text[] default null)
returns int
language plpgsql as $$
declare
    m_dim int;
    n     int;
begin
    select m.dim into m_dim from embedding_models m where m.model = model_name;
    update skills s set tool_count = c.n, updated_at = now()
    from (
        select s2.id, count(i.id)::int as n
        from skills s2
        left join item_skills x on x.skill_id = s2.id
        left join items i on i.id = x.item_id and i.is_active
        group by s2.id
    ) c
    where c.id = s.id and s.tool_count is distinct from c.n
      and (only_skills is null or s.id = any(only_skills));

    delete from skill_embeddings se
    where se.model = model_name and se.source = 'centroid'
      and (only_skills is null or se.skill_id = any(only_skills))
      and not exists (
        select 1 from item_skills x
        join items i on i.id = x.item_id and i.is_active
        join item_embeddings e on e.item_id = x.item_id and e.model = model_name
        where x.skill_id = se.skill_id);

    insert into skill_embeddings (skill_id, model, source, embedding)
    select x.skill_id, model_name, 'centroid',
           l2_normalize(sum(e.embedding * array_fill(x.confidence, array[m_dim])::vector))
    from item_skills x
    join items i on i.id = x.item_id and i.is_active
    join item_embeddings e on e.item_id = x.item_id and e.model = model_name
    where only_skills is null or x.skill_id = any(only_skills)
    group by x.skill_id
    on conflict (skill_id, model) do update
        set embedding = excluded.embedding, source = 'centroid';
    get diagnostics n = row_count;
    return n;
end $$;
