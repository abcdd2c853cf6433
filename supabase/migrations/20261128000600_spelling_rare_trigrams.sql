-- Spelling look-ups that probe a word's rarest trigrams (issue 17; docs/archive-search.md,
-- "Spelling").
--
-- `spelling_candidates` used to find candidates through every trigram of the word, so a
-- misspelled word's candidates were the union of all its trigrams' posting lists; the padded
-- first trigrams ("  p", " ph") and endings ("ing", "ng ") are shared by a large part of the
-- vocabulary, and at 500,000 terms a word had about 15,000 candidates to count. By the q-gram
-- lemma a term within k edits of a word shares all but at most 4k of the word's n trigrams, so
-- it holds at least one of ANY 4k + 1 of them: probing only the word's 4k + 1 rarest trigrams
-- finds every candidate the full probe found, and only the filter on shared trigrams decides.
--
-- `spelling_trigram_counts` keeps how many terms of a kind hold each trigram. It changes only
-- when a term enters or leaves the vocabulary (not when a term's document count moves), in the
-- same statement triggers, so a write of records whose words the catalog already knows costs
-- nothing more. A trigram it does not list counts as rare, which can only add candidates.

create table if not exists spelling_trigram_counts (
    kind    text not null,
    trigram int not null,
    n       int not null,
    primary key (kind, trigram)
);

-- As in 20261127000300, plus the trigram counts of the terms this write adds or removes.
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
    create temp table if not exists _spelling_changed_terms (kind text, trigrams int[])
        on commit drop;
    truncate _spelling_changed_terms;
    if sign > 0 then
        with written as (
            insert into spelling_terms as s (kind, term, doc_count, trigrams)
            select x.kind, x.term, x.n, _spelling_trigrams(x.term) from _spelling_delta x
            on conflict (kind, term) do update set doc_count = s.doc_count + excluded.doc_count
            returning s.kind, s.trigrams, (xmax = 0) as added
        )
        insert into _spelling_changed_terms select w.kind, w.trigrams from written w where w.added;
    else
        with gone as (
            delete from spelling_terms s using _spelling_delta x
            where s.kind = x.kind and s.term = x.term and s.doc_count + x.n <= 0
            returning s.kind, s.trigrams
        )
        insert into _spelling_changed_terms select g.kind, g.trigrams from gone g;
        update spelling_terms s set doc_count = s.doc_count + x.n
        from _spelling_delta x
        where s.kind = x.kind and s.term = x.term;
    end if;
    insert into spelling_trigram_counts as c (kind, trigram, n)
    select t.kind, g, sign * count(*)
    from _spelling_changed_terms t cross join lateral unnest(t.trigrams) g
    group by t.kind, g
    on conflict (kind, trigram) do update set n = c.n + excluded.n;
    if sign < 0 then
        delete from spelling_trigram_counts c
        using (select distinct t.kind, g from _spelling_changed_terms t
               cross join lateral unnest(t.trigrams) g) x
        where c.kind = x.kind and c.trigram = x.g and c.n <= 0;
    end if;
end $$;

create or replace function _items_spelling_truncate() returns trigger
language plpgsql as $$
begin
    truncate spelling_terms;
    truncate spelling_trigram_counts;
    return null;
end $$;

-- The word's `4k + 1` rarest trigrams (all of them when it has no more): enough to find every
-- term within k edits (see the head of this file).
create or replace function _spelling_probe(kind_ text, grams int[], k int)
returns int[]
language sql stable as $$
    select case when cardinality(grams) <= 4 * k + 1 then grams else (
        select array_agg(g order by n, g)
        from (
            select g, coalesce(c.n, 0) as n
            from unnest(grams) g
            left join spelling_trigram_counts c on c.kind = kind_ and c.trigram = g
            order by 2, 1
            limit 4 * k + 1
        ) r
    ) end
$$;

-- As in 20261127000300 (same arguments, same answers), with candidates found through the
-- word's rarest trigrams only.
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
                where s.kind = $2 and s.trigrams && $7
                  and length(s.term) between length($1) - $4 and length($1) + $4
                  and (s.doc_count >= $5 or s.term = $1)
            ) x
            where x.shared >= cardinality($3) - 4 * $4 or x.term = $1
            order by x.shared desc, x.doc_count desc, x.term
            limit $6 $q$, shared)
        using w, kind_, tg, k, min_count, per_word, _spelling_probe(kind_, tg, k);
    end loop;
end $$;

-- Count the vocabulary already there.
insert into spelling_trigram_counts as c (kind, trigram, n)
select s.kind, g, count(*)
from spelling_terms s cross join lateral unnest(s.trigrams) g
group by s.kind, g
on conflict (kind, trigram) do update set n = excluded.n;
analyze spelling_trigram_counts;
