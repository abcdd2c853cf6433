-- The BM25 leg scores its candidates in one pass (issue 21: hybrid search latency at 87k
-- records; docs/benchmarks.md, "The BM25 leg: a cheaper exact top-k").
--
-- `match_items_bm25` read every candidate's row into a materialized list (limited to the
-- candidate budget), then sorted that list for the top `match_count`. For a request without
-- quoted phrases or -excluded words, the candidates are now scored and the top kept in one
-- pass, a top-N sort over the scan. Where the candidates are the items with one of the rare
-- terms (every request but those whose rarest term alone exceeds the budget), the list could
-- not reach the budget (the rare terms were chosen while their document counts summed within
-- it), so the limit never bound and is left out; where they are the items with every term, the
-- limit stays on the same scan. Same candidates, same scores, same order (score, then id), so
-- the same answer hit for hit, ties included (tests/search/test_bm25_one_pass.py holds it to
-- the SQL of 20261124000003_bm25_text_leg.sql). Requests with phrases or exclusions run exactly
-- as before. Only the function changes: no table, no write cost.

create or replace function match_items_bm25(
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

    -- Without quoted phrases or -excluded words, the candidates are scored and the top kept in
    -- one pass: no candidate list is materialized first. When they are the items with one of the
    -- rare terms, the budget's limit is left out because it cannot bind: those items number at
    -- most the rare terms' document counts summed over the searched kinds (`cum`, counted in
    -- this snapshot), which the loop above kept within the budget. When they are the items with
    -- every term, the limit stays on the scan, as before: the first `candidate_budget` rows of
    -- the same scan (a subquery with a limit is planned on its own, as the materialized list
    -- was), scored once each.
    if constraint_q is null then
        return query execute format($q$
            with kept as (
                select c.item_id, -(c.weights <#> $1) as s
                from (select b.item_id, b.weights from item_bm25 b
                      where b.term_ids %s $2 %s %s) c
                order by s desc, c.item_id
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
            case when date_to is not null then 'b.date_lo <= $10' end),
            case when all_terms then 'limit $3' else '' end)
        using qvec, case when all_terms then ids else rare end, candidate_budget, constraint_q,
              match_count, filter_kinds, filter_skill_ids, filter_media_types, date_from, date_to;
        return;
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
