-- A dense weight per request for the convex fusion (issue 21, docs/archive-search.md, "A dense
-- weight per request: what the text leg's best record covers"). Nothing here changes a
-- ranking by itself: the service passes the weight these functions compute as the convex
-- fusion's `dense_weight` (and 1 minus it as `text_weight`) to `match_items_fuse_legs` or
-- `match_items_fuse`, in the fusion's own statement.
--
-- * `bm25_query_coverage(query, item, kinds, request_words)`: the share of the query's BM25
--   weight that an item's text holds: the sum of the IDFs of the query's terms the item has,
--   over the sum of the IDFs of all the query's terms, in [0, 1]. The terms are those
--   `match_items_bm25` reads (the `english` lexemes of the query without its -excluded words;
--   with `request_words`, without the searched kinds' request words either, as
--   `bm25_request_text` leaves them out: kept inside quotes, and a request of request words only
--   is kept whole; computed here per lexeme, which is cheaper than calling it again), and the
--   IDF is its `ln(1 + (N - df + 0.5) / (df + 0.5))` over the kinds searched; a term no record
--   of those kinds has counts with df 0 (the largest IDF): the catalog does not know that
--   word, so no record covers it. Null when the query has no term or no such item is indexed.
-- * `hybrid_dense_weight(query, top_text_id, kinds, dense_weight, partial_dense_weight,
--   coverage_floor, request_words)`: `dense_weight` when the text leg's best record
--   (`top_text_id`) covers at least `coverage_floor` of the query, else
--   `partial_dense_weight`: when the best text match misses much of what was asked (a word
--   the catalog lacks, or words no record has together), the dense leg's reading of the
--   request counts for more.

create or replace function bm25_query_coverage(
    query_text    text,
    item_id       text,
    filter_kinds  text[] default null,
    request_words boolean default false
)
returns float8
language plpgsql stable parallel safe as $$
declare
    kinds   text[] := coalesce(filter_kinds, array(select s.kind from bm25_kind_stats s
                                                   where s.n_docs > 0));
    lexemes text[] := tsvector_to_array(to_tsvector('english',
                          regexp_replace(coalesce(query_text, ''), '(^|\s)-\S+', ' ', 'g')));
    quoted  text[] := '{}';
    kept    text[];
    doc     int[];
    n_docs  float8;
    total   float8;
    held    float8;
begin
    if cardinality(lexemes) = 0 then
        return null;
    end if;
    select b.term_ids into doc from item_bm25 b where b.item_id = bm25_query_coverage.item_id;
    if doc is null then
        return null;
    end if;
    kept := lexemes;
    if request_words and cardinality(kinds) > 0 then
        if strpos(query_text, '"') > 0 then
            quoted := tsvector_to_array(to_tsvector('english', array_to_string(array(
                select m[1] from regexp_matches(query_text, '"[^"]*"', 'g') m), ' ')));
        end if;
        select array_agg(l.lexeme) into kept from unnest(lexemes) l(lexeme)
        where l.lexeme = any(quoted)
           or (select count(distinct w.kind) from bm25_request_words w
               where w.lexeme = l.lexeme and w.kind = any(kinds)) < cardinality(kinds);
        kept := coalesce(kept, lexemes);  -- a request of request words only is kept whole
    end if;
    select coalesce(sum(s.n_docs), 0) into n_docs from bm25_kind_stats s
    where filter_kinds is null or s.kind = any(filter_kinds);
    select sum(x.idf), coalesce(sum(x.idf) filter (where x.tid = any(doc)), 0)
    into total, held
    from (
        select t.id as tid, ln(1 + (n_docs - d.df + 0.5) / (d.df + 0.5)) as idf
        from unnest(kept) l(lexeme)
        left join bm25_terms t on t.term = l.lexeme
        cross join lateral (
            select coalesce(sum(f.df), 0)::float8 as df from bm25_df f
            where f.term_id = t.id and (filter_kinds is null or f.kind = any(filter_kinds))
        ) d
    ) x;
    return held / nullif(total, 0);
end $$;

create or replace function hybrid_dense_weight(
    query_text           text,
    top_text_id          text,
    filter_kinds         text[],
    dense_weight         float8,
    partial_dense_weight float8,
    coverage_floor       float8,
    request_words        boolean default false
)
returns float8
language sql stable parallel safe as $$
    select case
        when partial_dense_weight is null or partial_dense_weight = dense_weight
             or coalesce(bm25_query_coverage(query_text, top_text_id, filter_kinds, request_words),
                         0) >= coverage_floor
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
