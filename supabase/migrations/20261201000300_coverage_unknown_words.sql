-- The per-request dense weight, with words the catalog does not know weighed apart (issue 21,
-- docs/archive-search.md, "Words the catalog does not know"). `bm25_query_coverage` counted a
-- query term that no record of the searched kinds has with df 0, the largest IDF, as not
-- covered: filler ("yo any anniversary party pics": "yo", "pics") then pushed a request onto
-- the dense leg's reading although its best text record holds every word the catalog has.
--
-- * `bm25_query_coverage(query, item, kinds, request_words, unknown_weight)`: as in
--   20261130000300, but a term of document frequency 0 over the kinds searched counts with
--   `unknown_weight` x its IDF in the query's total (1: as before; 0: left out). A query of
--   unknown terms only, with `unknown_weight` 0, has no weight: null (as a query without terms).
-- * `hybrid_dense_weight(..., request_words, unknown_weight)`: passes it on.
--
-- Both replace the previous signatures (one more argument, with a default that keeps the
-- previous answer), so an rpc call that names the old arguments gets what it got before.

drop function if exists hybrid_dense_weight(text, text, text[], float8, float8, float8, boolean);
drop function if exists bm25_query_coverage(text, text, text[], boolean);

create or replace function bm25_query_coverage(
    query_text     text,
    item_id        text,
    filter_kinds   text[] default null,
    request_words  boolean default false,
    unknown_weight float8 default 1
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
    select sum(x.idf * case when x.df = 0 then unknown_weight else 1 end),
           coalesce(sum(x.idf) filter (where x.tid = any(doc)), 0)
    into total, held
    from (
        select t.id as tid, d.df, ln(1 + (n_docs - d.df + 0.5) / (d.df + 0.5)) as idf
        from unnest(kept) l(lexeme)
        left join bm25_terms t on t.term = l.lexeme
        cross join lateral (
            select coalesce(sum(f.df), 0)::float8 as df from bm25_df f
            where f.term_id = t.id and (filter_kinds is null or f.kind = any(filter_kinds))
        ) d
    ) x;
    return case when total > 0 then least(held / total, 1) end;  -- least() skips a null
end $$;

create or replace function hybrid_dense_weight(
    query_text           text,
    top_text_id          text,
    filter_kinds         text[],
    dense_weight         float8,
    partial_dense_weight float8,
    coverage_floor       float8,
    request_words        boolean default false,
    unknown_weight       float8 default 1
)
returns float8
language sql stable parallel safe as $$
    select case
        when partial_dense_weight is null or partial_dense_weight = dense_weight
             or coalesce(bm25_query_coverage(query_text, top_text_id, filter_kinds, request_words,
                                             unknown_weight), 0) >= coverage_floor
        then dense_weight
        else partial_dense_weight
    end
$$;

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
