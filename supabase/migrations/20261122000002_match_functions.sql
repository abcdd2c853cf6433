-- Search lives in SQL, so the backend and a Supabase client calling rpc(...) get the same answer.
-- Scores are cosine similarities clamped to [0, 1], sorted descending. JIT is off inside them:
-- compiling a plan costs tens of milliseconds, far more than these queries take to run.

-- The ready model whose vectors match the query's dimension (or the one named).
create or replace function catalog_model(query_embedding vector, model_name text default null)
returns table (model text, dim int)
language sql stable as $$
    select m.model, m.dim
    from embedding_models m
    where m.status = 'ready'
      and m.dim = vector_dims(query_embedding)
      and (model_name is null or m.model = model_name)
    order by m.updated_at desc
    limit 1
$$;

create or replace function _require_model(query_embedding vector, model_name text)
returns table (model text, dim int)
language plpgsql stable as $$
begin
    return query select * from catalog_model(query_embedding, model_name);
    if not found then
        raise exception using
            errcode = 'P0002',
            message = format(
                'the catalog has no ready vectors for %s (dimension %s); run `discovery reindex`',
                coalesce(model_name, 'this embedding model'), vector_dims(query_embedding));
    end if;
end $$;

-- Items by similarity, with filters. The path is chosen by selectivity on purpose: a filter
-- that keeps at most exact_max_rows rows gets an exact scan over those rows (recall 1.0);
-- anything broader uses the HNSW index with iterative scanning.
create or replace function match_items(
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
returns table (
    id text, kind text, name text, title text, description text, summary text,
    metadata jsonb, skill_ids text[], primary_skill_id text, is_active boolean,
    similarity float8, search_path text
)
language plpgsql set jit = off volatile as $$
declare
    m_model   text;
    m_dim     int;
    where_sql text;
    dist      text;
    n_rows    int;
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

    where_sql := concat_ws(' and ', 'true',
        case when active_only then 'i.is_active' end,
        case when filter_kinds is not null then 'i.kind = any($2)' end,
        case when filter_skill_ids is not null then 'i.skill_ids && $3' end,
        case when filter_media_types is not null then '(i.metadata ->> ''media_type'') = any($4)' end,
        case when date_from is not null then
            'coalesce((i.metadata ->> ''date_end'')::int, (i.metadata ->> ''date_start'')::int) >= $5' end,
        case when date_to is not null then
            'coalesce((i.metadata ->> ''date_start'')::int, (i.metadata ->> ''date_end'')::int) <= $6' end);
    dist := format('(e.embedding::vector(%s) <=> $1::vector(%s))', m_dim, m_dim);

    if filtered then
        execute format('select count(*) from (select 1 from items i where %s limit %s) s',
                       where_sql, exact_max_rows + 1)
            into n_rows
            using query_embedding, filter_kinds, filter_skill_ids, filter_media_types, date_from, date_to;
    end if;

    if filtered and n_rows <= exact_max_rows then
        -- Exact: distances for the filtered rows only; the CTE has no ORDER BY, so no index scan.
        return query execute format($q$
            with scored as materialized (
                select i.id as item_id, %s as d
                from items i join item_embeddings e on e.item_id = i.id and e.model = %L
                where %s
            ), top as (
                select s.item_id, s.d from scored s order by s.d limit $7
            )
            select i.id, i.kind, i.name, i.title, i.description, i.summary, i.metadata,
                   i.skill_ids, i.primary_skill_id, i.is_active,
                   greatest(0, least(1, 1 - t.d))::float8, 'exact'::text
            from top t join items i on i.id = t.item_id
            where 1 - t.d >= $8
            order by t.d, i.id
        $q$, dist, m_model, where_sql)
        using query_embedding, filter_kinds, filter_skill_ids, filter_media_types,
              date_from, date_to, match_count, match_threshold;
    else
        perform set_config('hnsw.ef_search', greatest(ef_search, match_count)::text, true);
        perform set_config('hnsw.iterative_scan', 'relaxed_order', true);
        return query execute format($q$
            with nn as materialized (
                select e.item_id, %s as d
                from item_embeddings e join items i on i.id = e.item_id
                where e.model = %L and %s
                order by %s
                limit $7
            )
            select i.id, i.kind, i.name, i.title, i.description, i.summary, i.metadata,
                   i.skill_ids, i.primary_skill_id, i.is_active,
                   greatest(0, least(1, 1 - nn.d))::float8, 'hnsw'::text
            from nn join items i on i.id = nn.item_id
            where 1 - nn.d >= $8
            order by nn.d, i.id
        $q$, dist, m_model, where_sql, dist)
        using query_embedding, filter_kinds, filter_skill_ids, filter_media_types,
              date_from, date_to, match_count, match_threshold;
    end if;
end $$;

-- The full-text half of hybrid search: items matching all the words of the query (web search
-- syntax: "quoted phrases", -excluded, or), ranked by ts_rank_cd, each with its cosine
-- similarity so fused results still carry a comparable score.
create or replace function match_items_text(
    query_text         text,
    query_embedding    vector,
    match_count        int default 20,
    filter_kinds       text[] default null,
    filter_skill_ids   text[] default null,
    active_only        boolean default true,
    filter_media_types text[] default null,
    date_from          int default null,
    date_to            int default null,
    model_name         text default null
)
returns table (
    id text, kind text, name text, title text, description text, summary text,
    metadata jsonb, skill_ids text[], primary_skill_id text, is_active boolean,
    similarity float8, text_rank float8
)
language plpgsql set jit = off stable as $$
declare
    m_model text;
    tsq     tsquery := websearch_to_tsquery('english', query_text);
begin
    select r.model into m_model from _require_model(query_embedding, model_name) r;
    if numnode(tsq) = 0 then  -- only stop words: nothing to match
        return;
    end if;
    return query
    with ranked as materialized (
        select i.id as item_id, ts_rank_cd(i.search_text, tsq)::float8 as text_score
        from items i
        where i.search_text @@ tsq
          and (not active_only or i.is_active)
          and (filter_kinds is null or i.kind = any(filter_kinds))
          and (filter_skill_ids is null or i.skill_ids && filter_skill_ids)
          and (filter_media_types is null or (i.metadata ->> 'media_type') = any(filter_media_types))
          and (date_from is null or coalesce((i.metadata ->> 'date_end')::int,
                                             (i.metadata ->> 'date_start')::int) >= date_from)
          and (date_to is null or coalesce((i.metadata ->> 'date_start')::int,
                                           (i.metadata ->> 'date_end')::int) <= date_to)
        order by text_score desc, i.id
        limit match_count
    )
    select i.id, i.kind, i.name, i.title, i.description, i.summary, i.metadata,
           i.skill_ids, i.primary_skill_id, i.is_active,
           greatest(0, least(1, 1 - (e.embedding <=> query_embedding)))::float8, r.text_score
    from ranked r
    join items i on i.id = r.item_id
    join item_embeddings e on e.item_id = r.item_id and e.model = m_model
    order by r.text_score desc, i.id;
end $$;

-- Stage 1 of hierarchical search: active skills by similarity (pure similarity ranking).
create or replace function match_skills(
    query_embedding vector,
    match_threshold float8 default 0.4,
    match_count     int default 3,
    filter_kinds    text[] default null,
    model_name      text default null
)
returns table (
    id text, name text, description text, parent_domain text, keywords text[],
    tool_count int, similarity float8
)
language plpgsql set jit = off stable as $$
declare
    m_model text;
begin
    select r.model into m_model from _require_model(query_embedding, model_name) r;
    return query
    select s.id, s.name, s.description, s.parent_domain, s.keywords, s.tool_count,
           greatest(0, least(1, 1 - (se.embedding <=> query_embedding)))::float8
    from skills s
    join skill_embeddings se on se.skill_id = s.id and se.model = m_model
    where s.is_active
      and 1 - (se.embedding <=> query_embedding) >= match_threshold
      and (filter_kinds is null or exists (
            select 1 from item_skills x join items i on i.id = x.item_id
            where x.skill_id = s.id and i.kind = any(filter_kinds) and i.is_active))
    order by se.embedding <=> query_embedding, s.id
    limit match_count;
end $$;

-- The RPC the archive search tool calls.
create or replace function match_archives(
    query_embedding vector,
    match_threshold float8 default 0.3,
    match_count     int default 10
)
returns table (
    id text, title text, description text, summary text, metadata jsonb, similarity float8
)
language sql volatile as $$
    select m.id, m.title, m.description, m.summary, m.metadata, m.similarity
    from match_items(query_embedding, match_threshold, match_count,
                     filter_kinds => array['archive']) m
$$;

-- A skill's vector: the confidence-weighted, normalized centroid of its active members'
-- vectors; a skill with no members keeps the embedding of its description.
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
