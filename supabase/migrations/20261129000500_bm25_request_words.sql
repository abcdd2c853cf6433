-- Request words: the words a request wraps around what it asks for ("show me", "works
-- depicting", "made by ... makers", "in the collection"), per item kind, left out of the BM25
-- leg's query (issue 21; docs/archive-search.md, "Request words").
--
-- BM25 weighs a word by how rare it is in the catalog, so a request word that a few records
-- happen to carry ("Horse Show", "Work No. 3", "unknown maker") outranks the word the request is
-- about. The dense leg reads the whole request, as before. The list is a hand-written heuristic
-- (English request phrasing, no medium or subject words: "photographs", "portraits", "art" stay),
-- measured on the dev sets' tune splits; a deployment may edit the table. Stored as the
-- `english` configuration's lexemes, so a word's inflections go with it (works, working; makers).
create table if not exists bm25_request_words (
    kind   text not null,
    lexeme text not null,
    primary key (kind, lexeme)
);

insert into bm25_request_words (kind, lexeme)
select distinct 'archive', l.lexeme
from unnest(tsvector_to_array(to_tsvector('english',
    'show find give want looking search see please collection collections works work artworks'
    ' artwork pieces piece items item examples depicting depicted showing shown pictured'
    ' featuring made makers maker artists artist objects object things thing created pictures'
    ' picture images image'))) l(lexeme)
on conflict do nothing;

-- The request without its request words: a word (a whitespace-separated token outside quotes)
-- is left out when each of its lexemes is a request word of every kind searched (`filter_kinds`,
-- or, when null, every kind the catalog holds). Quoted phrases and -excluded words are kept as
-- written, and so are words with no lexeme (stop words: the BM25 leg ignores them anyway). A
-- request that would keep no word with a lexeme is returned whole ("show me the works").
create or replace function bm25_request_text(query_text text, filter_kinds text[] default null)
returns text
language sql stable parallel safe as $$
    with kinds as (
        select coalesce(filter_kinds, array(select s.kind from bm25_kind_stats s
                                            where s.n_docs > 0)) as k
    ), tokens as (
        select t.m[1] as token, t.ord,
               tsvector_to_array(to_tsvector('english', t.m[1])) as lexemes
        from regexp_matches(coalesce(query_text, ''), '("[^"]*"|\S+)', 'g')
             with ordinality t(m, ord)
    ), judged as (
        select t.token, t.ord, cardinality(t.lexemes) > 0 as has_lexeme,
               t.token !~ '^["-]' and cardinality(t.lexemes) > 0
               and cardinality(kinds.k) > 0
               and not exists (
                   select 1 from unnest(t.lexemes) l(lexeme)
                   where (select count(distinct w.kind) from bm25_request_words w
                          where w.lexeme = l.lexeme and w.kind = any(kinds.k))
                         < cardinality(kinds.k)) as request_word
        from tokens t, kinds
    )
    select case
        when exists (select 1 from judged j where j.has_lexeme and not j.request_word)
        then (select string_agg(j.token, ' ' order by j.ord) from judged j
              where not j.request_word)
        else query_text
    end
$$;

-- Readable by the search roles, like the term statistics; callable with rpc(...).
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
    execute format('grant select on table public.bm25_request_words to %s', readers);
    drop policy if exists published_read on public.bm25_request_words;
    execute format('create policy published_read on public.bm25_request_words for select to %s'
                   ' using (true)', readers);
    for f in
        select p.oid::regprocedure::text from pg_proc p
        where p.pronamespace = 'public'::regnamespace and p.proname = 'bm25_request_text'
    loop
        execute format('revoke all on function %s from public', f);
        execute format('grant execute on function %s to %s', f, readers);
    end loop;
end $$;
