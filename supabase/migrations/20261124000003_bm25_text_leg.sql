-- A text leg that knows which words are rare: BM25F over an item's fields, in plain SQL plus
-- pgvector's sparsevec (no extension Supabase lacks). docs/archive-search.md says why this
-- design and what it costs.
--
-- Per item, `item_bm25` keeps its terms (ids into `bm25_terms`, GIN-indexed: the candidates of a
-- query) and a sparse vector of document-side BM25F weights, one per term:
--     w(t, d) = tf~ (k1 + 1) / (k1 + tf~),  tf~ = sum over fields f of
--               weight_f * tf(t, d, f) / (1 - b_f + b_f * len(d, f) / avglen_f)
-- so that a query's BM25 score is the inner product of that vector with the query's vector of
-- IDFs. Term statistics (documents per kind and term, document count and field lengths per
-- kind) are kept exact by statement triggers on `items`, in the transaction that writes the
-- item; the document-side weights use the average field lengths of the moment they were
-- written, and `bm25_refresh()` rewrites them when those averages have drifted (the writer
-- calls it after each ingest run).

-- The fields, in the order the arrays below use, with their weight and length normalization.
-- Fields of one `stream` are length-normalized together (by the sum of their lengths against
-- the sum of their averages): the short fields of a record form one stream, a caption another,
-- so a long caption neither drowns a record's short fields nor gets outweighed by them.
create table if not exists bm25_fields (
    position int primary key check (position between 1 and 8),
    field    text not null unique,
    weight   real not null check (weight >= 0),
    b        real not null check (b between 0 and 1),
    stream   int not null default 1
);
-- Chosen on the tune splits of the NPG and CMOA field-withheld dev sets (docs/archive-search.md):
-- equal weights in two streams beat a heavier title and per-field normalization on both.
insert into bm25_fields (position, field, weight, b, stream) values
    (1, 'title', 1.0, 0.75, 1),
    (2, 'creator', 1.0, 0.75, 1),
    (3, 'medium', 1.0, 0.75, 1),
    (4, 'media_type', 1.0, 0.75, 1),
    (5, 'date', 1.0, 0.75, 1),
    (6, 'place', 1.0, 0.75, 1),
    (7, 'tags', 1.0, 0.75, 1),
    (8, 'description', 1.0, 0.75, 2)
on conflict (position) do nothing;

create or replace function _bm25_k1() returns float8 language sql immutable as $$ select 1.2::float8 $$;

-- The text of each field of an item, in `bm25_fields` order. A description the ingest wrote
-- itself from the other fields (`description_generated`) is left out: it repeats them.
create or replace function _bm25_field_texts(title text, description text, metadata jsonb)
returns text[]
language sql immutable as $$
    select array[
        coalesce(title, ''),
        coalesce(metadata ->> 'creator', ''),
        coalesce(metadata ->> 'medium', ''),
        coalesce(metadata ->> 'media_type', ''),
        coalesce(metadata ->> 'date', ''),
        coalesce(metadata ->> 'place', ''),
        coalesce((select string_agg(t, ' ') from jsonb_array_elements_text(
                      case when jsonb_typeof(metadata -> 'tags') = 'array'
                           then metadata -> 'tags' else '[]'::jsonb end) t
                  where lower(t) <> lower(coalesce(metadata ->> 'medium', ''))), ''),
        case when coalesce((metadata ->> 'description_generated')::boolean, false) then ''
             else coalesce(description, '') end
    ]
$$;

create table if not exists bm25_terms (
    id   int generated always as identity primary key,
    term text not null unique
);

-- Documents per kind and term (the IDF), and documents and field lengths per kind (avglen).
create table if not exists bm25_df (
    kind    text not null,
    term_id int not null,
    df      int not null,
    primary key (term_id, kind)
);
create table if not exists bm25_kind_stats (
    kind    text primary key,
    n_docs  int not null default 0,
    len_sum float8[] not null default array_fill(0::float8, array[8]),
    avg_at_write float8[]  -- the averages the current document weights were written with
);

create table if not exists item_bm25 (
    item_id    text primary key,
    kind       text not null,
    is_active  boolean not null default true,
    skill_ids  text[] not null default '{}',
    media_type text,
    date_lo    int,
    date_hi    int,
    lens       real[] not null,   -- terms per field
    term_ids   int[] not null,
    weights    sparsevec not null -- w(t, d) at index term_id
);
create index if not exists item_bm25_terms_gin on item_bm25 using gin (term_ids);

-- The terms of items: per item and term, the term's frequency in each field; per item, its
-- length (terms) in each field. `to_tsvector('english', ...)` per field: the same stemming and
-- stop words as the query side.
create or replace function _bm25_postings(docs items[])
returns table (item_id text, kind text, term text, tfs float8[])
language sql stable as $$
    with fields as (
        select d.id, d.kind, f.pos::int as pos, t.lexeme, cardinality(t.positions) as tf
        from unnest(docs) d
        cross join lateral unnest(_bm25_field_texts(d.title, d.description, d.metadata))
            with ordinality f(txt, pos)
        cross join lateral unnest(to_tsvector('english', f.txt)) t
    )
    select id, kind, lexeme, array[coalesce(sum(tf) filter (where pos = 1), 0), coalesce(sum(tf) filter (where pos = 2), 0), coalesce(sum(tf) filter (where pos = 3), 0), coalesce(sum(tf) filter (where pos = 4), 0), coalesce(sum(tf) filter (where pos = 5), 0), coalesce(sum(tf) filter (where pos = 6), 0), coalesce(sum(tf) filter (where pos = 7), 0), coalesce(sum(tf) filter (where pos = 8), 0)]::float8[]
    from fields group by id, kind, lexeme
$$;

-- A document's length against the average, per field: the length of the field's stream (the
-- sum of its fields' lengths) over the stream's average.
create or replace function _bm25_ratios(lens float8[], avg float8[], stream int[])
returns float8[]
language sql immutable as $$
    select array(
        select coalesce(sum(lens[g]) filter (where stream[g] = stream[f]), 0)
               / greatest(coalesce(sum(avg[g]) filter (where stream[g] = stream[f]), 0), 1e-9)
        from generate_series(1, 8) f cross join generate_series(1, 8) g
        group by f order by f)
$$;

-- w(t, d): the saturated, field-weighted, length-normalized frequency (k1 = 1.2).
create or replace function _bm25_weight(tfs float8[], ratio float8[], w float8[], b float8[])
returns float8
language sql immutable as $$
    select tf * (_bm25_k1() + 1) / (_bm25_k1() + tf)
    from (select case when tfs[1] > 0 then w[1] * tfs[1] / (1 - b[1] + b[1] * ratio[1]) else 0 end
            + case when tfs[2] > 0 then w[2] * tfs[2] / (1 - b[2] + b[2] * ratio[2]) else 0 end
            + case when tfs[3] > 0 then w[3] * tfs[3] / (1 - b[3] + b[3] * ratio[3]) else 0 end
            + case when tfs[4] > 0 then w[4] * tfs[4] / (1 - b[4] + b[4] * ratio[4]) else 0 end
            + case when tfs[5] > 0 then w[5] * tfs[5] / (1 - b[5] + b[5] * ratio[5]) else 0 end
            + case when tfs[6] > 0 then w[6] * tfs[6] / (1 - b[6] + b[6] * ratio[6]) else 0 end
            + case when tfs[7] > 0 then w[7] * tfs[7] / (1 - b[7] + b[7] * ratio[7]) else 0 end
            + case when tfs[8] > 0 then w[8] * tfs[8] / (1 - b[8] + b[8] * ratio[8]) else 0 end as tf) s
$$;

-- Index `docs`: the statistics first (documents per term and kind, lengths per kind), then the
-- weights, against the kind's reference average lengths (`avg_at_write`, set by the first
-- documents of a kind and renewed by `bm25_refresh`).
create or replace function _bm25_add(docs items[])
returns void
language plpgsql as $$
declare
    w float8[] := array(select f.weight from bm25_fields f order by f.position);
    b float8[] := array(select f.b from bm25_fields f order by f.position);
    st int[] := array(select f.stream from bm25_fields f order by f.position);
begin
    if coalesce(cardinality(docs), 0) = 0 then
        return;
    end if;
    create temp table if not exists _bm25_new (item_id text, kind text, term text, tfs float8[])
        on commit drop;
    create temp table if not exists _bm25_docs (item_id text, kind text, lens float8[])
        on commit drop;
    truncate _bm25_new, _bm25_docs;
    insert into _bm25_new select * from _bm25_postings(docs);
    insert into _bm25_docs
    select d.id, d.kind, coalesce(l.lens, array_fill(0::float8, array[8]))
    from unnest(docs) d
    left join (
        select n.item_id, array[sum(n.tfs[1]), sum(n.tfs[2]), sum(n.tfs[3]), sum(n.tfs[4]),
                                sum(n.tfs[5]), sum(n.tfs[6]), sum(n.tfs[7]), sum(n.tfs[8])
                               ]::float8[] as lens
        from _bm25_new n group by n.item_id
    ) l on l.item_id = d.id;
    analyze _bm25_new, _bm25_docs;

    insert into bm25_terms (term)
    select distinct n.term from _bm25_new n
    where not exists (select 1 from bm25_terms t where t.term = n.term)
    on conflict (term) do nothing;

    insert into bm25_kind_stats as s (kind, n_docs, len_sum)
    select d.kind, count(*), array[sum(d.lens[1]), sum(d.lens[2]), sum(d.lens[3]), sum(d.lens[4]),
                                   sum(d.lens[5]), sum(d.lens[6]), sum(d.lens[7]), sum(d.lens[8])
                                  ]::float8[]
    from _bm25_docs d group by d.kind
    on conflict (kind) do update
        set n_docs = s.n_docs + excluded.n_docs,
            len_sum = array(select a + c from unnest(s.len_sum, excluded.len_sum) u(a, c));
    update bm25_kind_stats s
    set avg_at_write = array(select v / greatest(s.n_docs, 1) from unnest(s.len_sum) v)
    where s.avg_at_write is null and s.kind in (select d.kind from _bm25_docs d);

    insert into bm25_df as f (kind, term_id, df)
    select n.kind, t.id, count(*) from _bm25_new n join bm25_terms t on t.term = n.term
    group by n.kind, t.id
    on conflict (term_id, kind) do update set df = f.df + excluded.df;

    insert into item_bm25 (item_id, kind, is_active, skill_ids, media_type, date_lo, date_hi,
                           lens, term_ids, weights)
    with r as (
        select x.item_id, _bm25_ratios(x.lens, s.avg_at_write, st) as ratio
        from _bm25_docs x join bm25_kind_stats s on s.kind = x.kind
    ), v as (
        select n.item_id, array_agg(t.id order by t.id) as ids,
               format('{%s}/1000000000', string_agg(
                   t.id || ':' || _bm25_weight(n.tfs, r.ratio, w, b), ',' order by t.id)
               )::sparsevec as vec
        from _bm25_new n
        join bm25_terms t on t.term = n.term
        join r on r.item_id = n.item_id
        group by n.item_id
    )
    select d.id, d.kind, d.is_active, d.skill_ids, d.metadata ->> 'media_type',
           _period_lo(d.metadata), _period_hi(d.metadata), x.lens::real[],
           coalesce(v.ids, '{}'), coalesce(v.vec, '{}/1000000000'::sparsevec)
    from unnest(docs) d
    join _bm25_docs x on x.item_id = d.id
    left join v on v.item_id = d.id;
end $$;

-- Forget `ids` (their statistics go with them).
create or replace function _bm25_remove(ids text[])
returns void
language plpgsql as $$
begin
    with gone as (
        delete from item_bm25 b where b.item_id = any(ids)
        returning b.kind, b.term_ids, b.lens
    ), per_kind as (
        select kind, count(*) as n,
               array(select sum(g2.lens[p]) from gone g2 cross join generate_series(1, 8) p
                     where g2.kind = g.kind group by p order by p) as lens
        from gone g group by kind
    ), stats as (
        update bm25_kind_stats s
        set n_docs = s.n_docs - k.n,
            len_sum = array(select greatest(a - b, 0) from unnest(s.len_sum, k.lens) u(a, b))
        from per_kind k where k.kind = s.kind
        returning 1
    ), terms as (
        select g.kind, t as term_id, count(*) as n from gone g cross join unnest(g.term_ids) t
        group by g.kind, t
    )
    update bm25_df f set df = f.df - terms.n
    from terms where terms.kind = f.kind and terms.term_id = f.term_id;
end $$;

-- The statement triggers that keep the index current: inserts are indexed, deletes forgotten,
-- updates re-indexed when an indexed field changed, else only their filter copies updated.
create or replace function _items_bm25_insert() returns trigger
language plpgsql as $$
begin
    perform _bm25_add(array(select i from items i where i.id in (select n.id from new_rows n)));
    return null;
end $$;

create or replace function _items_bm25_delete() returns trigger
language plpgsql as $$
begin
    perform _bm25_remove(array(select o.id from old_rows o));
    return null;
end $$;

create or replace function _items_bm25_update() returns trigger
language plpgsql as $$
declare
    changed text[];
begin
    select array_agg(n.id) into changed
    from new_rows n join old_rows o on o.id = n.id
    where (n.kind, _bm25_field_texts(n.title, n.description, n.metadata))
          is distinct from (o.kind, _bm25_field_texts(o.title, o.description, o.metadata));
    if changed is not null then
        perform _bm25_remove(changed);
        perform _bm25_add(array(select i from items i where i.id = any(changed)));
    end if;
    update item_bm25 b
    set is_active = n.is_active, skill_ids = n.skill_ids, media_type = n.metadata ->> 'media_type',
        date_lo = _period_lo(n.metadata), date_hi = _period_hi(n.metadata)
    from new_rows n
    where b.item_id = n.id
      and (b.is_active, b.skill_ids, b.media_type, b.date_lo, b.date_hi) is distinct from
          (n.is_active, n.skill_ids, n.metadata ->> 'media_type',
           _period_lo(n.metadata), _period_hi(n.metadata));
    return null;
end $$;

create or replace function _items_bm25_truncate() returns trigger
language plpgsql as $$
begin
    truncate item_bm25, bm25_df, bm25_kind_stats;
    return null;
end $$;

drop trigger if exists items_bm25_insert on items;
create trigger items_bm25_insert after insert on items
    referencing new table as new_rows for each statement execute function _items_bm25_insert();
drop trigger if exists items_bm25_update on items;
create trigger items_bm25_update after update on items
    referencing old table as old_rows new table as new_rows
    for each statement execute function _items_bm25_update();
drop trigger if exists items_bm25_delete on items;
create trigger items_bm25_delete after delete on items
    referencing old table as old_rows for each statement execute function _items_bm25_delete();
drop trigger if exists items_bm25_truncate on items;
create trigger items_bm25_truncate after truncate on items
    for each statement execute function _items_bm25_truncate();

-- Rewrite the document weights of the kinds whose average field lengths moved by more than
-- `tolerance` (relative) since their weights were written, or of every kind (`force`). Returns
-- the items rewritten. Statistics stay exact either way; only the weights depend on averages.
create or replace function bm25_refresh(tolerance float8 default 0.1, force boolean default false)
returns int
language plpgsql as $$
declare
    k     record;
    total int := 0;
    n     int;
begin
    for k in select s.kind, s.n_docs, s.len_sum, s.avg_at_write from bm25_kind_stats s loop
        if not force and k.avg_at_write is not null and not exists (
            select 1 from unnest(k.len_sum, k.avg_at_write) u(sum_, avg_)
            where abs(sum_ / greatest(k.n_docs, 1) - avg_) > tolerance * greatest(avg_, 1)
        ) then
            continue;
        end if;
        perform _bm25_remove(array(select b.item_id from item_bm25 b where b.kind = k.kind));
        update bm25_kind_stats s set avg_at_write = null where s.kind = k.kind;
        perform _bm25_add(array(select i from items i where i.kind = k.kind));
        select count(*) into n from item_bm25 b where b.kind = k.kind;
        total := total + n;
    end loop;
    return total;
end $$;

-- Index what is already in the catalog.
select _bm25_add(array(select i from items i));
analyze item_bm25;

-- BM25 over the items matching the filters: id, score and rank, best first.
--
-- Candidates come from the query's rarest terms (`term_ids &&`, the GIN index): terms are taken
-- rarest first while their document counts add up to at most `candidate_budget`, and every
-- candidate is scored with all the query's terms. A term too common to fit (every term, for a
-- query of common words only) adds no candidates of its own; when even the rarest one does not
-- fit, the candidates are the items that have all the query's terms (at most the budget). The
-- top is exact whenever no item with only the left-out terms could outscore it
-- (docs/archive-search.md measures how often that holds). Query syntax as in
-- `match_items_text`: "quoted phrases" must occur, -excluded words must not (checked on the
-- candidates); other words rank, none is required.
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

-- Hybrid search in one round trip: the dense ranking (`match_items`) and the BM25 ranking
-- (`match_items_bm25`), `dense_depth` and `text_depth` deep, fused by weighted reciprocal rank
-- fusion (dense_weight / (rrf_k + dense rank) + text_weight / (rrf_k + text rank)). Each hit
-- carries its rank in either leg (null where it was not found) and its cosine similarity.
create or replace function match_items_hybrid(
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
    candidate_budget   int default 5000
)
returns table (
    id text, kind text, name text, title text, description text, summary text,
    metadata jsonb, skill_ids text[], primary_skill_id text, is_active boolean,
    similarity float8, rank_score float8, dense_rank int, text_rank int, text_score float8
)
language plpgsql set jit = off volatile as $$
declare
    m_model text;
begin
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
        select t.id, t.bm25, t.text_rank
        from match_items_bm25(query_text, text_depth, filter_kinds, filter_skill_ids,
                              active_only, filter_media_types, date_from, date_to,
                              candidate_budget) t
    ), fused as materialized (
        select coalesce(d.id, t.id) as item_id, d.similarity as sim, d.r as d_rank,
               t.text_rank as t_rank, t.bm25 as t_score,
               coalesce(dense_weight / (rrf_k + d.r), 0)
               + coalesce(text_weight / (rrf_k + t.text_rank), 0) as score
        from dense d full join txt t on t.id = d.id
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
