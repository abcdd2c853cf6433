-- Hybrid search gets a second fusion: a convex combination of min-max normalized leg scores
-- (issue 21, docs/archive-search.md). `fusion => 'rrf'` (the default, so an rpc client that
-- names no mode gets today's answer) is the weighted reciprocal rank fusion of
-- 20261126000002_hybrid_fuse.sql, unchanged. `fusion => 'convex'` scores a hit
--
--     (dense_weight x norm(similarity) + text_weight x norm(BM25)) / (dense_weight + text_weight)
--
-- where each leg's score is min-max normalized over that leg's own ranking (the dense leg's top
-- `dense_depth`, the text leg as handed in), a leg whose scores are all equal gives each of its
-- hits 1, and a leg that did not return an item gives it 0: the fused score is in [0, 1]. Ties
-- are broken as before (dense rank, text rank, id). The signatures gain `fusion` at the end, so
-- the old functions are dropped first and the readers' EXECUTE given back (the migration runner
-- re-secures them: secure_public_schema, 20261126235900_row_level_security.sql).

drop function if exists match_items_hybrid(vector, text, int, float8, text[], text[], boolean,
    text[], int, int, text, int, int, float8, float8, float8, int, int, int);
drop function if exists match_items_fuse(vector, text[], float8[], int, float8, text[], text[],
    boolean, text[], int, int, text, int, int, float8, float8, float8, int);

create function match_items_fuse(
    query_embedding    vector,
    text_ids           text[],   -- the text leg's ranking, best first
    text_scores        float8[], -- and its BM25 scores, in the same order
    match_count        int default 10,
    match_threshold    float8 default 0.3,
    filter_kinds       text[] default null,
    filter_skill_ids   text[] default null,
    active_only        boolean default true,
    filter_media_types text[] default null,
    date_from          int default null,
    date_to            int default null,
    model_name         text default null,
    exact_max_rows     int default 2000,
    ef_search          int default 100,
    rrf_k              float8 default 60,
    dense_weight       float8 default 1,
    text_weight        float8 default 1,
    dense_depth        int default 100,
    fusion             text default 'rrf'
)
returns table (
    id text, kind text, name text, title text, description text, summary text,
    metadata jsonb, skill_ids text[], primary_skill_id text, is_active boolean,
    similarity float8, rank_score float8, dense_rank int, text_rank int, text_score float8
)
language plpgsql set jit = off volatile as $$
declare
    m_model text;
    convex  boolean := fusion = 'convex';
begin
    if coalesce(cardinality(text_ids), 0) <> coalesce(cardinality(text_scores), 0) then
        raise exception using errcode = '22023',
            message = 'text_ids and text_scores must have the same length';
    end if;
    if fusion is null or fusion not in ('rrf', 'convex') then
        raise exception using errcode = '22023',
            message = format('fusion must be rrf or convex, not %s', coalesce(fusion, 'null'));
    end if;
    if convex and (dense_weight < 0 or text_weight < 0 or dense_weight + text_weight <= 0) then
        raise exception using errcode = '22023',
            message = 'convex fusion needs weights of at least 0 with a positive sum';
    end if;
    select r.model into m_model from _require_model(query_embedding, model_name) r;
    return query
    with dense as materialized (
        select m.id, m.similarity, m.r::int as r
        from match_items(query_embedding, match_threshold, dense_depth, filter_kinds,
                         filter_skill_ids, active_only, filter_media_types, date_from, date_to,
                         m_model, exact_max_rows, ef_search)
             with ordinality as m(id, kind, name, title, description, summary, metadata,
                                  skill_ids, primary_skill_id, is_active, similarity,
                                  search_path, r)
    ), txt as materialized (
        select u.id, u.bm25, u.text_rank::int as text_rank
        from unnest(text_ids, text_scores) with ordinality as u(id, bm25, text_rank)
    ), bounds as (
        select (select min(d.similarity) from dense d) as d_lo,
               (select max(d.similarity) from dense d) as d_hi,
               (select min(t.bm25) from txt t) as t_lo,
               (select max(t.bm25) from txt t) as t_hi
    ), fused as materialized (
        select coalesce(d.id, t.id) as item_id, d.similarity as sim, d.r as d_rank,
               t.text_rank as t_rank, t.bm25 as t_score,
               case when convex then
                   (coalesce(dense_weight * case when b.d_hi > b.d_lo
                                                 then (d.similarity - b.d_lo) / (b.d_hi - b.d_lo)
                                                 else 1 end, 0)
                    + coalesce(text_weight * case when b.t_hi > b.t_lo
                                                  then (t.bm25 - b.t_lo) / (b.t_hi - b.t_lo)
                                                  else 1 end, 0))
                   / (dense_weight + text_weight)
               else
                   coalesce(dense_weight / (rrf_k + d.r), 0)
                   + coalesce(text_weight / (rrf_k + t.text_rank), 0)
               end as score
        from dense d full join txt t on t.id = d.id
        cross join bounds b
        order by score desc, coalesce(d.r, 2147483647), coalesce(t.text_rank, 2147483647),
                 coalesce(d.id, t.id)
        limit match_count
    )
    select i.id, i.kind, i.name, i.title, i.description, i.summary, i.metadata,
           i.skill_ids, i.primary_skill_id, i.is_active,
           coalesce(f.sim, greatest(0, least(1, 1 - (e.embedding <=> query_embedding))))::float8,
           f.score::float8, f.d_rank, f.t_rank, f.t_score
    from fused f
    join items i on i.id = f.item_id
    left join item_embeddings e on f.sim is null and e.item_id = f.item_id and e.model = m_model
    order by f.score desc, coalesce(f.d_rank, 2147483647), coalesce(f.t_rank, 2147483647), i.id;
end $$;

create function match_items_hybrid(
    query_embedding    vector,
    query_text         text,
    match_count        int default 10,
    match_threshold    float8 default 0.3,
    filter_kinds       text[] default null,
    filter_skill_ids   text[] default null,
    active_only        boolean default true,
    filter_media_types text[] default null,
    date_from          int default null,
    date_to            int default null,
    model_name         text default null,
    exact_max_rows     int default 2000,
    ef_search          int default 100,
    rrf_k              float8 default 60,
    dense_weight       float8 default 1,
    text_weight        float8 default 1,
    dense_depth        int default 100,
    text_depth         int default 100,
    candidate_budget   int default 5000,
    fusion             text default 'rrf'
)
returns table (
    id text, kind text, name text, title text, description text, summary text,
    metadata jsonb, skill_ids text[], primary_skill_id text, is_active boolean,
    similarity float8, rank_score float8, dense_rank int, text_rank int, text_score float8
)
language plpgsql set jit = off volatile as $$
declare
    ids    text[];
    scores float8[];
begin
    select coalesce(array_agg(t.id order by t.text_rank), '{}'),
           coalesce(array_agg(t.bm25 order by t.text_rank), '{}')
    into ids, scores
    from match_items_bm25(query_text, text_depth, filter_kinds, filter_skill_ids, active_only,
                          filter_media_types, date_from, date_to, candidate_budget) t;
    return query
    select * from match_items_fuse(query_embedding, ids, scores, match_count, match_threshold,
                                   filter_kinds, filter_skill_ids, active_only,
                                   filter_media_types, date_from, date_to, model_name,
                                   exact_max_rows, ef_search, rrf_k, dense_weight, text_weight,
                                   dense_depth, fusion);
end $$;

-- The readers (Supabase's anon and authenticated) may call them again, as before.
do $$
declare
    readers text := (select string_agg(quote_ident(rolname), ', ' order by rolname)
                     from pg_roles where rolname in ('anon', 'authenticated'));
    f       text;
begin
    if readers is null then
        return;
    end if;
    for f in
        select p.oid::regprocedure::text from pg_proc p
        where p.pronamespace = 'public'::regnamespace
          and p.proname in ('match_items_hybrid', 'match_items_fuse')
    loop
        execute format('revoke all on function %s from public', f);
        execute format('grant execute on function %s to %s', f, readers);
    end loop;
end $$;
