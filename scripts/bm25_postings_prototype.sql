-- A prototype, measured and not shipped (docs/benchmarks.md, "The BM25 leg: a cheaper exact
-- top-k"): the BM25 leg's top-k from postings instead of one item_bm25 heap row per candidate, in the
-- scratch schema `bm25_proto` (scripts/bench_bm25_postings.py creates and drops it on the bench
-- catalog). `bm25_proto.postings` holds, per (term, active item), the weight stored in
-- item_bm25.weights; the candidates and an approximate score come from an index-only scan of
-- the rare terms' postings (plus, up to a ratio, the common terms' postings joined by hash),
-- and the candidates within a margin of the approximate k-th score are scored exactly from
-- item_bm25, so the answer equals match_items_bm25's hit for hit. Other requests take the SQL
-- of 20261124000003_bm25_text_leg.sql, copied below.

create schema bm25_proto;

create table bm25_proto.postings as
select split_part(e, ':', 1)::int as term_id, b.item_id collate "C" as item_id,
       split_part(e, ':', 2)::real as weight, b.kind
from item_bm25 b
cross join lateral unnest(string_to_array(substring(b.weights::text from '^\{(.*)\}/'), ',')) e
where b.is_active;
create index postings_term_item on bm25_proto.postings (term_id, item_id) include (weight, kind);

create function bm25_proto.postings_top(
    ids int[], dfs bigint[], n_rare int, n_docs bigint, filter_kinds text[], depth int
)
returns table (item_id text, a float8)
language sql stable as $$
    with q as materialized (
        select x.i, x.ord <= n_rare as is_rare,
               ln(1 + (n_docs - x.df + 0.5) / (x.df + 0.5))::float8 as idf
        from unnest(ids, dfs) with ordinality x(i, df, ord)
    ), cand as materialized (
        select p.item_id, sum(q.idf * p.weight) as a
        from q join bm25_proto.postings p on p.term_id = q.i
        where q.is_rare and (filter_kinds is null or p.kind = any(filter_kinds))
        group by p.item_id
    ), extra as materialized (
        select p.item_id, sum(q.idf * p.weight) as a
        from q join bm25_proto.postings p on p.term_id = q.i
        join cand c on c.item_id = p.item_id
        where not q.is_rare
        group by p.item_id
    )
    select c.item_id collate "default", c.a + coalesce(e.a, 0)
    from cand c left join extra e on e.item_id = c.item_id
    order by 2 desc
    limit depth
$$;

-- As in 20261124000003_bm25_text_leg.sql (same arguments, same answer), with the top-k from the
-- postings where they cover the request.
create function bm25_proto.match_items_bm25(
    query_text         text,
    match_count        int default 20,
    filter_kinds       text[] default null,
    filter_skill_ids   text[] default null,
    active_only        boolean default true,
    filter_media_types text[] default null,
    date_from          int default null,
    date_to            int default null,
    candidate_budget   int default 5000
)
returns table (id text, bm25 float8, text_rank int)
language plpgsql set jit = off stable as $$
declare
    positive   text := regexp_replace(query_text, '(^|\s)-\S+', ' ', 'g');
    syntax     text := array_to_string(array(
                  select m[1] from regexp_matches(query_text, '("[^"]+"|(?:^|\s)-\S+)', 'g') m), ' ');
    constraint_q tsquery;
    ids        int[];
    dfs        bigint[];
    n_docs     bigint;
    qvec       sparsevec;
    rare       int[] := '{}';
    all_terms  boolean := false;
    cum        bigint := 0;
    rare_df    bigint := 0;
    common_df  bigint := 0;
    top_ids    text[];
    top_a      float8[];
    k          int;
    floor_a    float8;
begin
    if match_count is null or match_count < 1 or match_count > 1000 then
        raise exception using errcode = '22023', message = 'match_count must be within [1, 1000]';
    end if;
    select coalesce(sum(s.n_docs), 0) into n_docs from bm25_kind_stats s
    where filter_kinds is null or s.kind = any(filter_kinds);
    select array_agg(q.tid order by q.df, q.tid), array_agg(q.df order by q.df, q.tid)
    into ids, dfs
    from (
        select t.id as tid, coalesce((select sum(f.df) from bm25_df f where f.term_id = t.id
                          and (filter_kinds is null or f.kind = any(filter_kinds))), 0) as df
        from (select distinct lexeme from unnest(to_tsvector('english', positive))) l
        join bm25_terms t on t.term = l.lexeme
    ) q
    where q.df > 0;
    if ids is null or n_docs = 0 then
        return;
    end if;
    select format('{%s}/1000000000', string_agg(x.i || ':' ||
                  ln(1 + (n_docs - x.df + 0.5) / (x.df + 0.5)), ',' order by x.i))::sparsevec
    into qvec from unnest(ids, dfs) x(i, df);
    for i in 1 .. cardinality(ids) loop
        exit when cum + dfs[i] > candidate_budget;
        cum := cum + dfs[i];
        rare := rare || ids[i];
    end loop;
    if cardinality(rare) = 0 then
        all_terms := true;
    end if;
    if syntax <> '' then
        constraint_q := websearch_to_tsquery('english', syntax);
        if numnode(constraint_q) = 0 then
            constraint_q := null;
        end if;
    end if;

    if not all_terms and constraint_q is null and active_only and filter_skill_ids is null
       and filter_media_types is null and date_from is null and date_to is null then
        for i in 1 .. cardinality(ids) loop
            if i <= cardinality(rare) then
                rare_df := rare_df + dfs[i];
            else
                common_df := common_df + dfs[i];
            end if;
        end loop;
    end if;
    -- The postings' path when the common terms' postings add up to at most
    -- `bm25_proto.common_ratio` times the rare terms' (0: only requests of rare terms).
    if rare_df > 0
       and common_df <= current_setting('bm25_proto.common_ratio')::float8 * rare_df then
        select array_agg(t.item_id order by t.a desc), array_agg(t.a order by t.a desc)
        into top_ids, top_a
        from bm25_proto.postings_top(ids, dfs, cardinality(rare), n_docs, filter_kinds,
                                match_count + 64) t;
        k := least(match_count, coalesce(cardinality(top_ids), 0));
        if k > 0 then
            -- Every candidate the rounding could place in the top k: the approximate k-th
            -- score minus a margin far above the rounding of float4 sums (about 1e-6).
            floor_a := top_a[k] - 1e-4 * (1 + abs(top_a[k]));
            if cardinality(top_ids) < match_count + 64 or top_a[match_count + 64] < floor_a then
                return query
                with exact as (
                    select b.item_id, -(b.weights <#> qvec) as s
                    from item_bm25 b
                    where b.item_id = any(array(
                              select u.id from unnest(top_ids, top_a) u(id, a)
                              where u.a >= floor_a))
                      and b.is_active
                    order by s desc, b.item_id
                    limit match_count
                )
                select e.item_id, e.s, (row_number() over (order by e.s desc, e.item_id))::int
                from exact e order by e.s desc, e.item_id;
                return;
            end if;
        elsif top_ids is null then
            return;  -- no active candidate
        end if;
        -- More near-ties than the 64 extra read: the heap path below.
    end if;

    -- Dynamic SQL, planned for these values: the candidates' operator (&& or @>) must be one
    -- the GIN index serves, and a plan cached for other values would scan every row instead.
    return query execute format($q$
        with cand as materialized (
            select b.item_id, -(b.weights <#> $1) as s
            from item_bm25 b
            where b.term_ids %s $2 %s
            limit $3
        ), kept as (
            select c.item_id, c.s from cand c
            where $4::tsquery is null or exists (
                select 1 from items i where i.id = c.item_id and i.search_text @@ $4::tsquery)
            order by c.s desc, c.item_id
            limit $5
        )
        select k.item_id, k.s, (row_number() over (order by k.s desc, k.item_id))::int
        from kept k order by k.s desc, k.item_id
    $q$,
        case when all_terms then '@>' else '&&' end,
        concat_ws(' and ', '',
            case when active_only then 'b.is_active' end,
            case when filter_kinds is not null then 'b.kind = any($6)' end,
            case when filter_skill_ids is not null then 'b.skill_ids && $7' end,
            case when filter_media_types is not null then 'b.media_type = any($8)' end,
            case when date_from is not null then 'b.date_hi >= $9' end,
            case when date_to is not null then 'b.date_lo <= $10' end))
    using qvec, case when all_terms then ids else rare end, candidate_budget, constraint_q,
          match_count, filter_kinds, filter_skill_ids, filter_media_types, date_from, date_to;
end $$;

-- Impact order (per term, best weight first): only for the threshold-stop measurement.
create index postings_term_weight on bm25_proto.postings (term_id, weight desc, item_id);
