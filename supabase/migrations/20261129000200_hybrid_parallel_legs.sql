-- Hybrid search's legs, runnable apart (issue 21: hybrid latency at 87k records,
-- docs/archive-search.md). Nothing here changes a ranking: `match_items_fuse` and
-- `match_items_hybrid` answer exactly as in 20261128000700_convex_fusion.sql.
--
-- * `match_items_dense`: the dense ranking of `match_items` (the same HNSW or exact path, the
--   same filters, threshold and order: distance, then id) as (id, similarity) only. The fusion
--   reads nothing else from the dense leg, and `match_items` fetched the whole row of each of
--   its 100 hits (title, description, metadata) only for the fusion to drop it.
-- * `match_items_fuse_legs`: the fusion of two rankings already run (the dense leg as ids and
--   similarities, the text leg as ids and BM25 scores, both best first) and the fused hits'
--   rows. The service runs the two legs at the same time on two connections (the BM25 leg
--   while the query is embedded, the dense leg as soon as the vector is there), then this.
-- * `match_items_fuse` (same signature, so `create or replace`): the dense leg by
--   `match_items_dense`, then `match_items_fuse_legs`: the fusion is written once.

create or replace function match_items_dense(
    query_embedding    vector,
    match_threshold    float8 default 0.3,
    match_count        int default 10,
    filter_kinds       text[] default null,
    filter_skill_ids   text[] default null,
    active_only        boolean default true,
    filter_media_types text[] default null,
    date_from          int default null,
    date_to            int default null,
    model_name         text default null,
    exact_max_rows     int default 2000,
    ef_search          int default 100
)
returns table (id text, similarity float8)
language plpgsql set jit = off volatile as $$
declare
    m_model   text;
    m_dim     int;
    where_sql text;
    dist      text;
    n_rows    int;
    saved     text[];
    filtered  boolean := filter_kinds is not null or filter_skill_ids is not null
                         or filter_media_types is not null or date_from is not null
                         or date_to is not null;
begin
    if match_threshold is null or match_threshold < 0 or match_threshold > 1 then
        raise exception using errcode = '22023', message = 'match_threshold must be within [0, 1]';
    end if;
    if match_count is null or match_count < 1 or match_count > 1000 then
        raise exception using errcode = '22023', message = 'match_count must be within [1, 1000]';
    end if;
    select r.model, r.dim into m_model, m_dim from _require_model(query_embedding, model_name) r;

    where_sql := concat_ws(' and ', format('e.model = %L', m_model),
        case when active_only then 'e.is_active' end,
        case when filter_kinds is not null then 'e.kind = any($2)' end,
        case when filter_skill_ids is not null then 'e.skill_ids && $3' end,
        case when filter_media_types is not null then 'e.media_type = any($4)' end,
        case when date_from is not null then 'e.date_hi >= $5' end,
        case when date_to is not null then 'e.date_lo <= $6' end);
    dist := format('(e.embedding::vector(%s) <=> $1::vector(%s))', m_dim, m_dim);

    if filtered then
        execute format('select count(*) from (select 1 from item_embeddings e where %s limit %s) s',
                       where_sql, exact_max_rows + 1)
            into n_rows
            using query_embedding, filter_kinds, filter_skill_ids, filter_media_types, date_from, date_to;
    end if;

    -- The two paths of match_items (20261122000005_vector_filters.sql), without its join to
    -- `items`: every vector's item exists (item_embeddings references items, on delete cascade).
    if filtered and n_rows <= exact_max_rows then
        return query execute format($q$
            with scored as materialized (
                select e.item_id, %s as d from item_embeddings e where %s
            ), top as (
                select s.item_id, s.d from scored s order by s.d limit $7
            )
            select t.item_id, greatest(0, least(1, 1 - t.d))::float8
            from top t
            where 1 - t.d >= $8
            order by t.d, t.item_id
        $q$, dist, where_sql)
        using query_embedding, filter_kinds, filter_skill_ids, filter_media_types,
              date_from, date_to, match_count, match_threshold;
    else
        saved := array[coalesce(current_setting('hnsw.ef_search', true), '40'),
                       coalesce(current_setting('hnsw.iterative_scan', true), 'off'),
                       current_setting('enable_bitmapscan')];
        perform set_config('hnsw.ef_search', greatest(ef_search, match_count)::text, true);
        perform set_config('hnsw.iterative_scan', 'relaxed_order', true);
        perform set_config('enable_bitmapscan', 'off', true);
        return query execute format($q$
            with nn as materialized (
                select e.item_id, %s as d from item_embeddings e where %s order by %s limit $7
            )
            select nn.item_id, greatest(0, least(1, 1 - nn.d))::float8
            from nn
            where 1 - nn.d >= $8
            order by nn.d, nn.item_id
        $q$, dist, where_sql, dist)
        using query_embedding, filter_kinds, filter_skill_ids, filter_media_types,
              date_from, date_to, match_count, match_threshold;
        perform set_config('hnsw.ef_search', saved[1], true);
        perform set_config('hnsw.iterative_scan', saved[2], true);
        perform set_config('enable_bitmapscan', saved[3], true);
    end if;
end $$;

create or replace function match_items_fuse_legs(
    query_embedding vector,
    dense_ids       text[],   -- the dense leg's ranking, best first
    dense_sims      float8[], -- and its similarities, in the same order
    text_ids        text[],   -- the text leg's ranking, best first
    text_scores     float8[], -- and its BM25 scores, in the same order
    match_count     int default 10,
    model_name      text default null,
    rrf_k           float8 default 60,
    dense_weight    float8 default 1,
    text_weight     float8 default 1,
    fusion          text default 'rrf'
)
returns table (
    id text, kind text, name text, title text, description text, summary text,
    metadata jsonb, skill_ids text[], primary_skill_id text, is_active boolean,
    similarity float8, rank_score float8, dense_rank int, text_rank int, text_score float8
)
language plpgsql set jit = off stable as $$
declare
    m_model text;
    convex  boolean := fusion = 'convex';
begin
    if coalesce(cardinality(text_ids), 0) <> coalesce(cardinality(text_scores), 0) then
        raise exception using errcode = '22023',
            message = 'text_ids and text_scores must have the same length';
    end if;
    if coalesce(cardinality(dense_ids), 0) <> coalesce(cardinality(dense_sims), 0) then
        raise exception using errcode = '22023',
            message = 'dense_ids and dense_sims must have the same length';
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
    -- The fusion of 20261128000700_convex_fusion.sql, expression for expression.
    return query
    with dense as materialized (
        select u.id, u.similarity, u.r::int as r
        from unnest(dense_ids, dense_sims) with ordinality as u(id, similarity, r)
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

create or replace function match_items_fuse(
    query_embedding    vector,
    text_ids           text[],
    text_scores        float8[],
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
    ids  text[];
    sims float8[];
begin
    -- The argument checks of the fusion come first, as before: a bad mode fails before a search.
    if coalesce(cardinality(text_ids), 0) <> coalesce(cardinality(text_scores), 0) then
        raise exception using errcode = '22023',
            message = 'text_ids and text_scores must have the same length';
    end if;
    if fusion is null or fusion not in ('rrf', 'convex') then
        raise exception using errcode = '22023',
            message = format('fusion must be rrf or convex, not %s', coalesce(fusion, 'null'));
    end if;
    if fusion = 'convex' and (dense_weight < 0 or text_weight < 0
                              or dense_weight + text_weight <= 0) then
        raise exception using errcode = '22023',
            message = 'convex fusion needs weights of at least 0 with a positive sum';
    end if;
    select coalesce(array_agg(d.id order by d.r), '{}'),
           coalesce(array_agg(d.similarity order by d.r), '{}')
    into ids, sims
    from match_items_dense(query_embedding, match_threshold, dense_depth, filter_kinds,
                           filter_skill_ids, active_only, filter_media_types, date_from,
                           date_to, model_name, exact_max_rows, ef_search)
         with ordinality as d(id, similarity, r);
    return query
    select * from match_items_fuse_legs(query_embedding, ids, sims, text_ids, text_scores,
                                        match_count, model_name, rrf_k, dense_weight,
                                        text_weight, fusion);
end $$;

-- The readers (Supabase's anon and authenticated) may call the new functions, which
-- match_items_fuse and match_items_hybrid (security invoker) now call on their behalf.
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
          and p.proname in ('match_items_dense', 'match_items_fuse_legs')
    loop
        execute format('revoke all on function %s from public', f);
        execute format('grant execute on function %s to %s', f, readers);
    end loop;
end $$;
