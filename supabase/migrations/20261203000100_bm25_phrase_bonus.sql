-- Words the request writes side by side, found side by side (issue 21 and issue 17: "people in
-- leather jackets" ranked a leather bag and a leather hat with a corduroy jacket above the
-- portraits of men in leather jackets; BM25 scores words, not where they stand).
--
-- * `bm25_phrase_queries(query)`: the request's adjacent word pairs as phrase queries
--   (`phraseto_tsquery`, English: "leather jackets" -> 'leather' <-> 'jacket'); a pair with a
--   stop word ("people in", "in leather") is no phrase; quoted phrases and -excluded words are
--   left out (they are constraints already).
-- * `match_items_bm25_phrased(..., phrase_weight, phrase_depth)`: `match_items_bm25`'s top
--   `match_count x phrase_depth`, each score multiplied by 1 + phrase_weight x the share of the
--   request's phrases its text holds in order (`items.search_text`, which keeps word
--   positions), then cut to `match_count` (score, then id, as `match_items_bm25` orders).
--   With phrase_weight 0, or a request with no phrase, it is `match_items_bm25` itself, row for
--   row. Only functions: no table, no write cost.

create or replace function bm25_phrase_queries(query_text text)
returns tsquery[]
language sql immutable parallel safe as $$
    select coalesce(array_agg(x.q order by x.n), '{}')
    from (
        select w.n, phraseto_tsquery('english', w.a || ' ' || w.b) as q
        from (
            select t.word as a, lead(t.word) over (order by t.n) as b, t.n
            from regexp_split_to_table(
                     regexp_replace(coalesce(query_text, ''), '"[^"]*"|(^|\s)-\S+', ' ', 'g'),
                     '[^[:alnum:]''-]+') with ordinality as t(word, n)
            where t.word <> ''
        ) w
        where w.b is not null
    ) x
    where numnode(x.q) = 3  -- two words side by side: 'a' <-> 'b'
$$;

create or replace function match_items_bm25_phrased(
    query_text         text,
    match_count        int default 20,
    filter_kinds       text[] default null,
    filter_skill_ids   text[] default null,
    active_only        boolean default true,
    filter_media_types text[] default null,
    date_from          int default null,
    date_to            int default null,
    candidate_budget   int default 5000,
    place_weight       float8 default 0,
    place_adjective_weight  float8 default null,
    phrase_weight      float8 default 0,
    phrase_depth       int default 1
)
returns table (id text, bm25 float8, text_rank int)
language plpgsql set jit = off stable as $$
declare
    phrases tsquery[] := case when coalesce(phrase_weight, 0) > 0
                              then bm25_phrase_queries(query_text) else '{}' end;
begin
    if phrase_weight < 0 then
        raise exception using errcode = '22023', message = 'phrase_weight must be at least 0';
    end if;
    if cardinality(phrases) = 0 then
        return query select * from match_items_bm25(query_text, match_count, filter_kinds,
            filter_skill_ids, active_only, filter_media_types, date_from, date_to,
            candidate_budget, place_weight, place_adjective_weight);
        return;
    end if;
    return query
    with b as (
        select * from match_items_bm25(query_text,
            least(1000, match_count * greatest(1, coalesce(phrase_depth, 1))), filter_kinds,
            filter_skill_ids, active_only, filter_media_types, date_from, date_to,
            candidate_budget, place_weight, place_adjective_weight)
    ), s as (
        select b.id, b.bm25 * (1 + phrase_weight * (
                   select count(*) from unnest(phrases) p where i.search_text @@ p
               )::float8 / cardinality(phrases)) as score
        from b join items i on i.id = b.id
    )
    select s.id, s.score, (row_number() over (order by s.score desc, s.id))::int
    from s order by s.score desc, s.id
    limit match_count;
end $$;
