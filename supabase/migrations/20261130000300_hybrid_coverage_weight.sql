-- A dense weight per request for the convex fusion (issue 21, docs/archive-search.md, "A dense
-- weight per request: what the text leg's best record covers"). Nothing here changes a
-- ranking by itself: the service passes the weight these functions compute as the convex
-- fusion's `dense_weight` (and 1 minus it as `text_weight`) to `match_items_fuse_legs` or
-- `match_items_fuse`, in the fusion's own statement.
--
-- * `bm25_query_coverage(query, item, kinds)`: the share of the query's BM25 weight that an
--   item's text holds: the sum of the IDFs of the query's terms the item has, over the sum of
--   the IDFs of all the query's terms, in [0, 1]. The terms are those `match_items_bm25`
--   reads (the `english` lexemes of the query without its -excluded words) and the IDF is its
--   `ln(1 + (N - df + 0.5) / (df + 0.5))` over the kinds searched; a term no record of those
--   kinds has counts with df 0 (the largest IDF): the catalog does not know that word, so no
--   record covers it. Null when the query has no term or no such item is indexed.
-- * `hybrid_dense_weight(query, top_text_id, kinds, dense_weight, partial_dense_weight,
--   coverage_floor)`: `dense_weight` when the text leg's best record (`top_text_id`) covers at
--   least `coverage_floor` of the query, else `partial_dense_weight`: when the best text match
--   misses much of what was asked (a word the catalog lacks, or words no record has
--   together), the dense leg's reading of the request counts for more.

create or replace function bm25_query_coverage(
    query_text   text,
    item_id      text,
    filter_kinds text[] default null
)
returns float8
language sql stable parallel safe as $$
    with n as (
        select coalesce(sum(s.n_docs), 0)::float8 as n_docs from bm25_kind_stats s
        where filter_kinds is null or s.kind = any(filter_kinds)
    ), q as (
        select t.id as tid,
               coalesce((select sum(f.df) from bm25_df f where f.term_id = t.id
                         and (filter_kinds is null or f.kind = any(filter_kinds))), 0)::float8 as df
        from (select distinct l.lexeme
              from unnest(to_tsvector('english', regexp_replace(coalesce(query_text, ''),
                                                                '(^|\s)-\S+', ' ', 'g'))) l
             ) w
        left join bm25_terms t on t.term = w.lexeme
    ), weighted as (
        select q.tid, ln(1 + (n.n_docs - q.df + 0.5) / (q.df + 0.5)) as idf from q, n
    ), doc as (
        select b.term_ids from item_bm25 b where b.item_id = bm25_query_coverage.item_id
    )
    select case when (select count(*) from weighted) = 0 or not exists (select 1 from doc)
                then null
                else (select sum(w.idf) filter (where w.tid = any(d.term_ids)) / nullif(sum(w.idf), 0)
                      from weighted w, doc d)
           end
$$;

create or replace function hybrid_dense_weight(
    query_text           text,
    top_text_id          text,
    filter_kinds         text[],
    dense_weight         float8,
    partial_dense_weight float8,
    coverage_floor       float8
)
returns float8
language sql stable parallel safe as $$
    select case
        when partial_dense_weight is null or partial_dense_weight = dense_weight
             or coalesce(bm25_query_coverage(query_text, top_text_id, filter_kinds), 0)
                >= coverage_floor
        then dense_weight
        else partial_dense_weight
    end
$$;

-- Callable with rpc(...), like bm25_request_text: a client that runs the legs itself can weigh
-- them as the service does.
do $$
declare
    readers text := (select string_agg(quote_ident(rolname), ', ' order by rolname)
                     from pg_roles where rolname in ('anon', 'authenticated'));
    f       text;
begin
    perform secure_public_schema();
    if readers is null then
        return;
    end if;
    for f in
        select p.oid::regprocedure::text from pg_proc p
        where p.pronamespace = 'public'::regnamespace
          and p.proname in ('bm25_query_coverage', 'hybrid_dense_weight')
    loop
        execute format('revoke all on function %s from public', f);
        execute format('grant execute on function %s to %s', f, readers);
    end loop;
end $$;
