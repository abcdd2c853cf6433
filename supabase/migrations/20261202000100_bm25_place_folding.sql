-- Places and their adjectives in the BM25 leg (issue 21; docs/archive-search.md, "Places and
-- their adjectives").
--
-- A museum export often says a place only as an adjective in the artist line ("Claude Monet
-- (French)"), while a request names the country ("paintings from France"). `bm25_place_forms`
-- lists, per country, its forms: names, other names and adjectives ("Netherlands", "Holland",
-- "Dutch", "Netherlandish"), each with its `english` lexemes and its phrase as a tsquery. The
-- rows come from `config/places.toml`, which the app writes here when it opens
-- (`search/place_names.py`); a Supabase project that does not run the app fills the table the
-- same way (the columns other than place and form are computed by `bm25_place_lexemes` and
-- `phraseto_tsquery`).
--
-- `match_items_bm25(..., place_weight)`: with a weight above 0, a form of a country in the
-- request (a word, or a phrase: "United States") makes the country one **term group**: the
-- request's own words of that form leave the plain BM25 terms, and a record scores for the
-- group `idf(group) x max over the country's forms of (w x the record's BM25F weight of the
-- form)`, with w 1 for a form the request says and `place_weight` for the others; a form of
-- several words weighs as its lightest word. A record that says "France" and "French" is
-- counted once. The group's IDF is that of a term whose document count is the forms' summed
-- (capped at the catalog's size): a union, not the request word's own rarity, which would make
-- a country no record names ("Japan" in a catalog that only says "Japanese") the rarest word of
-- the request. The forms' terms join the candidates' terms (rarest first, within the budget),
-- so a record that only says "Japanese" is a candidate for "prints from Japan". Weight 0 (the
-- default, for rpc clients and tool search) is exactly the previous function. Only SQL and one
-- table of about 160 rows: the same on the embedded server and on Supabase.
--
-- By direction: a request that says one of a country's names ("Japan", "Holland") gets the
-- country's other forms at `place_weight`; a request that says it only as an adjective gets
-- them at `place_adjective_weight` (null: `place_weight`). On the tune splits one weight for
-- both lifted requests naming a country and cost requests saying an adjective ("works by
-- English artists": judged by the nationality as written, which "British" or "England" is
-- not), so the app passes 0 for adjectives: such a request ranks exactly as without folding.
-- `bm25_place_forms.is_name` says which forms are names (config/places.toml: `name`, `also`).

create table if not exists bm25_place_forms (
    place   text not null,
    form    text not null,
    lexemes text[] not null,
    phrase  tsquery not null,
    is_name boolean not null default false,
    primary key (place, form)
);
create index if not exists bm25_place_forms_first on bm25_place_forms ((lexemes[1]));

-- A form's `english` lexemes in the order they occur ("United States" -> {unit, state}).
create or replace function bm25_place_lexemes(form text)
returns text[]
language sql immutable as $$
    select coalesce(array_agg(x.lexeme order by x.pos, x.lexeme), '{}')
    from (select l.lexeme, min(p) as pos
          from unnest(to_tsvector('english', form)) l, unnest(l.positions) p
          group by l.lexeme) x
$$;

-- The phrase filled in from the form when a writer leaves it out.
create or replace function bm25_place_forms_fill()
returns trigger
language plpgsql as $$
begin
    new.lexemes := bm25_place_lexemes(new.form);
    new.phrase := phraseto_tsquery('english', new.form);
    return new;
end $$;

drop trigger if exists bm25_place_forms_fill on bm25_place_forms;
create trigger bm25_place_forms_fill before insert or update on bm25_place_forms
    for each row execute function bm25_place_forms_fill();

-- The groups of a request: per country named in `positive` (one of its forms as a phrase of the
-- request's lexemes), the request's own lexemes of that country's matched forms (`own`), and
-- for every form of the country whose terms the catalog has: its term ids, whether the request
-- says it, its rarest term and that term's document count (in the kinds searched), whether it
-- is a name, and whether the request said one of the country's names (`name_asked`).
create or replace function bm25_place_groups(positive text, filter_kinds text[] default null)
returns table (place text, own text[], form text, term_ids int[], in_query boolean,
               rarest int, df bigint, is_name boolean, name_asked boolean)
language sql stable as $$
    with q as (select to_tsvector('english', positive) as v),
    matched as (
        select f.place, f.form, f.lexemes, f.is_name
        from bm25_place_forms f, q
        where cardinality(f.lexemes) > 0
          and f.lexemes[1] = any(tsvector_to_array(q.v))
          and q.v @@ f.phrase
    ),
    places as (
        select m.place, array_agg(distinct l) as own, bool_or(m.is_name) as name_asked
        from matched m, unnest(m.lexemes) l group by m.place
    ),
    terms as (
        select f.place, f.form, f.is_name, cardinality(f.lexemes) as n, bt.id,
               coalesce((select sum(d.df) from bm25_df d where d.term_id = bt.id
                         and (filter_kinds is null or d.kind = any(filter_kinds))), 0) as df
        from places p
        join bm25_place_forms f on f.place = p.place
        cross join lateral unnest(f.lexemes) l
        join bm25_terms bt on bt.term = l
    )
    select p.place, p.own, t.form, array_agg(t.id order by t.id),
           exists (select 1 from matched m where m.place = p.place and m.form = t.form),
           (array_agg(t.id order by t.df, t.id))[1], min(t.df), t.is_name, p.name_asked
    from terms t join places p on p.place = t.place
    group by p.place, p.own, p.name_asked, t.form, t.is_name, t.n
    having count(*) = t.n and min(t.df) > 0
$$;

drop function if exists match_items_bm25(text, int, text[], text[], boolean, text[], int, int, int);

create or replace function match_items_bm25(
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
    place_adjective_weight  float8 default null
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
    cand_ids   int[];
    cand_dfs   bigint[];
    n_docs     bigint;
    qvec       sparsevec;
    rare       int[] := '{}';
    all_terms  boolean := false;
    cum        bigint := 0;
    own        text[] := '{}';
    groups     text := '';
    g          record;
    members    text;
    plain_n    int;
begin
    if match_count is null or match_count < 1 or match_count > 1000 then
        raise exception using errcode = '22023', message = 'match_count must be within [1, 1000]';
    end if;
    if place_weight is null or place_weight < 0 or place_weight > 1
       or place_adjective_weight < 0 or place_adjective_weight > 1 then
        raise exception using errcode = '22023',
            message = 'place_weight and place_adjective_weight must be within [0, 1]';
    end if;
    select coalesce(sum(s.n_docs), 0) into n_docs from bm25_kind_stats s
    where filter_kinds is null or s.kind = any(filter_kinds);

    -- The request's countries, each one term group (see the header).
    if place_weight > 0 and n_docs > 0 then
        for g in
            select pg.place, least(n_docs, sum(pg.df)) as df, min(pg.own) as own,
                   string_agg(format('%s * %s', pg.w,
                       case when cardinality(pg.term_ids) = 1
                            then format('(-(c.weights <#> %L::sparsevec))',
                                        format('{%s:1}/1000000000', pg.term_ids[1]))
                            else format('least(%s)', (
                                 select string_agg(format('(-(c.weights <#> %L::sparsevec))',
                                                   format('{%s:1}/1000000000', tid)), ', ')
                                 from unnest(pg.term_ids) tid)) end),
                       ', ' order by pg.form) as expr,
                   array_agg(pg.rarest order by pg.form) as rarest,
                   array_agg(pg.df order by pg.form) as form_dfs
            from (select x.*, case when x.in_query then 1
                                   when not x.name_asked
                                   then coalesce(place_adjective_weight, place_weight)
                                   else place_weight end as w
                  from bm25_place_groups(positive, filter_kinds) x) pg
            where pg.w > 0  -- a form weighing 0 is neither scored nor a candidate
            group by pg.place
            having bool_or(not pg.in_query)  -- nothing to fold: the request's words, as before
        loop
            groups := groups || format(' + %s * greatest(%s)',
                                       ln(1 + (n_docs - g.df + 0.5) / (g.df + 0.5)), g.expr);
            own := array_cat(own, g.own);
            cand_ids := coalesce(cand_ids, '{}') || g.rarest;
            cand_dfs := coalesce(cand_dfs, '{}') || g.form_dfs;
        end loop;
    end if;

    select array_agg(q.tid order by q.df, q.tid), array_agg(q.df order by q.df, q.tid)
    into ids, dfs
    from (
        select t.id as tid, coalesce((select sum(f.df) from bm25_df f where f.term_id = t.id
                          and (filter_kinds is null or f.kind = any(filter_kinds))), 0) as df
        from (select distinct lexeme from unnest(to_tsvector('english', positive))) l
        join bm25_terms t on t.term = l.lexeme
        where not (l.lexeme = any(own))
    ) q
    where q.df > 0;
    if (ids is null and groups = '') or n_docs = 0 then
        return;
    end if;
    plain_n := coalesce(cardinality(ids), 0);
    if plain_n > 0 then
        select format('{%s}/1000000000', string_agg(x.i || ':' ||
                      ln(1 + (n_docs - x.df + 0.5) / (x.df + 0.5)), ',' order by x.i))::sparsevec
        into qvec from unnest(ids, dfs) x(i, df);
    else
        qvec := '{}/1000000000'::sparsevec;
    end if;
    -- Candidates: the plain terms and the groups' forms (one term of each), rarest first.
    select array_agg(x.i order by x.df, x.i), array_agg(x.df order by x.df, x.i)
    into cand_ids, cand_dfs
    from (select distinct on (u.i) u.i, u.df
          from unnest(coalesce(ids, '{}') || coalesce(cand_ids, '{}'),
                      coalesce(dfs, '{}') || coalesce(cand_dfs, '{}')) u(i, df)
          order by u.i, u.df) x;
    for i in 1 .. cardinality(cand_ids) loop
        exit when cum + cand_dfs[i] > candidate_budget;
        cum := cum + cand_dfs[i];
        rare := rare || cand_ids[i];
    end loop;
    if cardinality(rare) = 0 then
        all_terms := true;
        if plain_n = 0 then
            -- no plain term to require: the items with the group's commonest form, within the
            -- budget (the scan's first rows), as the all-terms case does
            rare := cand_ids;
        end if;
    end if;
    if syntax <> '' then
        constraint_q := websearch_to_tsquery('english', syntax);
        if numnode(constraint_q) = 0 then
            constraint_q := null;
        end if;
    end if;

    -- As in 20261130000200_bm25_one_pass.sql, with the groups' scores added to each candidate's
    -- (an empty string without folding: the previous statement, character for character).
    if constraint_q is null then
        return query execute format($q$
            with kept as (
                select c.item_id, -(c.weights <#> $1)%s as s
                from (select b.item_id, b.weights from item_bm25 b
                      where b.term_ids %s $2 %s %s) c
                order by s desc, c.item_id
                limit $5
            )
            select k.item_id, k.s, (row_number() over (order by k.s desc, k.item_id))::int
            from kept k order by k.s desc, k.item_id
        $q$,
            groups,
            case when all_terms and plain_n > 0 then '@>' else '&&' end,
            concat_ws(' and ', '',
            case when active_only then 'b.is_active' end,
            case when filter_kinds is not null then 'b.kind = any($6)' end,
            case when filter_skill_ids is not null then 'b.skill_ids && $7' end,
            case when filter_media_types is not null then 'b.media_type = any($8)' end,
            case when date_from is not null then 'b.date_hi >= $9' end,
            case when date_to is not null then 'b.date_lo <= $10' end),
            case when all_terms then 'limit $3' else '' end)
        using qvec, case when all_terms and plain_n > 0 then ids else rare end, candidate_budget,
              constraint_q, match_count, filter_kinds, filter_skill_ids, filter_media_types,
              date_from, date_to;
        return;
    end if;

    return query execute format($q$
        with cand as materialized (
            select b.item_id, -(b.weights <#> $1)%s as s
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
        replace(groups, 'c.weights', 'b.weights'),
        case when all_terms and plain_n > 0 then '@>' else '&&' end,
        concat_ws(' and ', '',
            case when active_only then 'b.is_active' end,
            case when filter_kinds is not null then 'b.kind = any($6)' end,
            case when filter_skill_ids is not null then 'b.skill_ids && $7' end,
            case when filter_media_types is not null then 'b.media_type = any($8)' end,
            case when date_from is not null then 'b.date_hi >= $9' end,
            case when date_to is not null then 'b.date_lo <= $10' end))
    using qvec, case when all_terms and plain_n > 0 then ids else rare end, candidate_budget,
          constraint_q, match_count, filter_kinds, filter_skill_ids, filter_media_types,
          date_from, date_to;
end $$;

-- Readable by the search roles, like the term statistics; the new signature callable with
-- rpc(...), as the previous one was.
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
    execute format('grant select on table public.bm25_place_forms to %s', readers);
    drop policy if exists published_read on public.bm25_place_forms;
    execute format('create policy published_read on public.bm25_place_forms for select to %s'
                   ' using (true)', readers);
    for f in
        select p.oid::regprocedure::text from pg_proc p
        where p.pronamespace = 'public'::regnamespace
          and p.proname in ('match_items_bm25', 'bm25_place_groups')
    loop
        execute format('revoke all on function %s from public', f);
        execute format('grant execute on function %s to %s', f, readers);
    end loop;
end $$;
