-- The catalog's own vocabulary, for correcting the spelling of queries (issue 17;
-- docs/archive-search.md, "Spelling").
--
-- `spelling_terms` keeps, per kind of item, every word the active items use in the fields a
-- search reads (title, description, creator, place, tags), lowercased and unstemmed, with the
-- number of active items using it (`doc_count`) and its trigrams. A look-up finds candidates by
-- shared trigrams through a GIN index on the trigram array: core PostgreSQL only (`array_ops`,
-- `&&`), since the embedded server ships neither pg_trgm nor fuzzystrmatch and the schema is one
-- on every server. Edit distances are computed by the caller on the few candidates.
--
-- Kept exact by statement triggers on `items` (transition tables), in the transaction that
-- writes the items: an insert counts the new active items' words, a delete uncounts the old
-- ones, an update re-counts only the rows whose words or activity changed, a truncate empties
-- the vocabulary. Words no active item uses any more are deleted.

-- pg_trgm's trigrams of one word (padded with two blanks in front and one behind), distinct,
-- each as its 32-bit hash: integer arrays compare much faster than text arrays, and a collision
-- only adds a candidate (the caller checks each candidate's edit distance on the words).
create or replace function _spelling_trigrams(term text)
returns int[]
language sql immutable strict parallel safe as $$
    select coalesce(array_agg(distinct hashtext(substr(p, i, 3))), '{}')
    from (select '  ' || term || ' ' as p) s, generate_series(1, length(p) - 2) i
$$;

-- The distinct words of an item that a query may be corrected to: lowercased letters only, at
-- least three of them, not an English stop word (`english_stem` returns none for those).
create or replace function _spelling_words(title text, description text, metadata jsonb)
returns setof text
language sql stable parallel safe as $$
    select distinct w.lexeme
    from unnest(to_tsvector('simple', concat_ws(' ',
             title, description, metadata ->> 'creator', metadata ->> 'place',
             (select string_agg(t, ' ') from jsonb_array_elements_text(
                  case when jsonb_typeof(metadata -> 'tags') = 'array'
                       then metadata -> 'tags' else '[]'::jsonb end) t)))) w
    where w.lexeme ~ '^[[:alpha:]]{3,}$' and ts_lexize('english_stem', w.lexeme) <> '{}'
$$;

create table if not exists spelling_terms (
    kind      text not null,
    term      text not null,
    doc_count int not null check (doc_count > 0),
    trigrams  int[] not null,
    primary key (kind, term)
);
create index if not exists spelling_terms_trigrams_gin on spelling_terms using gin (trigrams);

-- Add (`sign` 1) or remove (`sign` -1) the words of the active items among `docs`.
create or replace function _spelling_count(docs items[], sign int)
returns void
language plpgsql as $$
begin
    if coalesce(cardinality(docs), 0) = 0 then
        return;
    end if;
    create temp table if not exists _spelling_delta (kind text, term text, n int)
        on commit drop;
    truncate _spelling_delta;
    insert into _spelling_delta
    select d.kind, w, sign * count(*)
    from unnest(docs) d
    cross join lateral _spelling_words(d.title, d.description, d.metadata) w
    where d.is_active
    group by d.kind, w;
    analyze _spelling_delta;  -- else the join below may be planned as a nested loop of scans
    if sign > 0 then
        insert into spelling_terms as s (kind, term, doc_count, trigrams)
        select x.kind, x.term, x.n, _spelling_trigrams(x.term) from _spelling_delta x
        on conflict (kind, term) do update set doc_count = s.doc_count + excluded.doc_count;
    else
        delete from spelling_terms s using _spelling_delta x
        where s.kind = x.kind and s.term = x.term and s.doc_count + x.n <= 0;
        update spelling_terms s set doc_count = s.doc_count + x.n
        from _spelling_delta x
        where s.kind = x.kind and s.term = x.term;
    end if;
end $$;

create or replace function _items_spelling_insert() returns trigger
language plpgsql as $$
begin
    perform _spelling_count(array(select n::items from new_rows n where n.is_active), 1);
    return null;
end $$;

create or replace function _items_spelling_delete() returns trigger
language plpgsql as $$
begin
    perform _spelling_count(array(select o::items from old_rows o where o.is_active), -1);
    return null;
end $$;

-- Only the rows whose kind, activity or searched fields changed are re-counted (a re-ingest
-- that changes nothing, a skill assignment or a summary costs no vocabulary work).
create or replace function _items_spelling_update() returns trigger
language plpgsql as $$
begin
    create temp table if not exists _spelling_changed (old_row items, new_row items)
        on commit drop;
    truncate _spelling_changed;
    insert into _spelling_changed
    select o::items, n::items
    from new_rows n join old_rows o on o.id = n.id
    where (n.kind, n.is_active, n.title, n.description, n.metadata -> 'creator',
           n.metadata -> 'place', n.metadata -> 'tags')
          is distinct from
          (o.kind, o.is_active, o.title, o.description, o.metadata -> 'creator',
           o.metadata -> 'place', o.metadata -> 'tags');
    perform _spelling_count(
        array(select c.old_row from _spelling_changed c where (c.old_row).is_active), -1);
    perform _spelling_count(
        array(select c.new_row from _spelling_changed c where (c.new_row).is_active), 1);
    return null;
end $$;

create or replace function _items_spelling_truncate() returns trigger
language plpgsql as $$
begin
    truncate spelling_terms;
    return null;
end $$;

drop trigger if exists items_spelling_insert on items;
create trigger items_spelling_insert after insert on items
    referencing new table as new_rows for each statement execute function _items_spelling_insert();
drop trigger if exists items_spelling_update on items;
create trigger items_spelling_update after update on items
    referencing old table as old_rows new table as new_rows
    for each statement execute function _items_spelling_update();
drop trigger if exists items_spelling_delete on items;
create trigger items_spelling_delete after delete on items
    referencing old table as old_rows
    for each statement execute function _items_spelling_delete();
drop trigger if exists items_spelling_truncate on items;
create trigger items_spelling_truncate after truncate on items
    for each statement execute function _items_spelling_truncate();

-- The catalog terms that could be the intended spelling of each of `words`, allowed `edits`
-- edits each: those of `kind_` used by at least `min_count` items, sharing enough of the
-- word's trigrams (by the q-gram lemma, one edit changes at most three trigrams, a swap of two
-- letters four: a term within k edits of a word of n trigrams shares at least n - 4k) and at
-- most k letters longer or shorter; the `per_word` sharing most, then the most used. The
-- word's own entry comes back too (`term` = `word`, whatever its count): how many items use
-- the word itself. Stop words get no candidates; a word more than `known_above` items use gets
-- only its own entry (one primary key look-up: the common case, a word the catalog knows). The shared trigrams are counted by an
-- expression written for the word (one `= any` per trigram: several times faster than a
-- subquery per candidate; measured in docs/benchmarks.md).
create or replace function spelling_candidates(
    words     text[],
    edits     int[],
    kind_     text default 'archive',
    min_count int default 1,
    per_word  int default 30,
    known_above int default 2
)
returns table (word text, term text, doc_count int, shared int)
language plpgsql stable as $$
declare
    w      text;
    k      int;
    tg     int[];
    shared text;
    own    int;
begin
    foreach w in array coalesce(words, '{}') loop
        continue when ts_lexize('english_stem', w) = '{}';
        select s.doc_count into own from spelling_terms s where s.kind = kind_ and s.term = w;
        if own > known_above then
            return query select w, w, own, 0;
            continue;
        end if;
        k := coalesce(edits[array_position(words, w)], 1);
        tg := _spelling_trigrams(w);
        select string_agg(format('(%s = any(s.trigrams))::int', t), ' + ') into shared
        from unnest(tg) t;
        return query execute format($q$
            select $1, x.term, x.doc_count, x.shared
            from (
                select s.term, s.doc_count, %s as shared
                from spelling_terms s
                where s.kind = $2 and s.trigrams && $3
                  and length(s.term) between length($1) - $4 and length($1) + $4
                  and (s.doc_count >= $5 or s.term = $1)
            ) x
            where x.shared >= cardinality($3) - 4 * $4 or x.term = $1
            order by x.shared desc, x.doc_count desc, x.term
            limit $6 $q$, shared)
        using w, kind_, tg, k, min_count, per_word;
    end loop;
end $$;

-- Count what is already in the catalog.
select _spelling_count(array(select i from items i), 1);
analyze spelling_terms;
