-- Every tool gets a skill (issue 16). An item no skill fits at the classifier's confidence is
-- still placed in the skill that fits it best, marked tentative, so hierarchical search can
-- reach it; it also waits in the review queue. Suggestions say where they come from: one
-- item's ingest ('ingest'), or the catalog's own clusters ('catalog').
alter table item_skills add column if not exists tentative boolean not null default false;

alter table skill_suggestions
    add column if not exists source text not null default 'ingest'
        check (source in ('ingest', 'catalog'));

-- A skill's vector is the centroid of its confident members only: a tentative member is there
-- so search can reach it, not to pull the skill's meaning towards it. Counts include every
-- active member (what a browser of the skill sees).
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
        where x.skill_id = se.skill_id and not x.tentative);

    insert into skill_embeddings (skill_id, model, source, embedding)
    select x.skill_id, model_name, 'centroid',
           l2_normalize(sum(e.embedding * array_fill(x.confidence, array[m_dim])::vector))
    from item_skills x
    join items i on i.id = x.item_id and i.is_active
    join item_embeddings e on e.item_id = x.item_id and e.model = model_name
    where not x.tentative and (only_skills is null or x.skill_id = any(only_skills))
    group by x.skill_id
    on conflict (skill_id, model) do update
        set embedding = excluded.embedding, source = 'centroid';
    get diagnostics n = row_count;
    return n;
end $$;
