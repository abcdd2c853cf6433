-- related_tools: a tool's neighbours no longer depend on which other tools are asked with it.
-- A neighbour's score is a sum of float parts, and the order PostgreSQL added them in followed
-- the plan, which changes with the list of tools asked; two neighbours with equal scores (the
-- same contexts) could then differ in the last bit and swap places, or swap across the
-- per-tool cut. `discover` asks for all its candidate tools at once (not only the returned
-- ones), so the parts are now summed in one fixed order: equal scores are equal, and ties are
-- broken by id, as the ranking says. Otherwise the function is unchanged (see
-- 20261124000002_capabilities.sql); the migration runner re-secures it (secure_public_schema).
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
               sum(p.part order by p.part) as score
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
