-- Hybrid search's text leg for natural-language queries. `match_items_text` needs every word
-- of the query, so a sentence ("I want to convert my Word report into a PDF") matches nothing
-- and hybrid search degrades to dense search. This variant matches items with any of the
-- query's words, ranked by ts_rank_cd normalized by document length (normalization 1), and
-- fills the text leg after the all-words matches. Same filters and output as match_items_text.
create or replace function match_items_text_any(
    query_text         text,
    query_embedding    vector,
    match_count        int default 20,
    filter_kinds       text[] default null,
    filter_skill_ids   text[] default null,
    active_only        boolean default true,
    filter_media_types text[] default null,
    date_from          int default null,
    date_to            int default null,
    model_name         text default null
)
returns table (
    id text, kind text, name text, title text, description text, summary text,
    metadata jsonb, skill_ids text[], primary_skill_id text, is_active boolean,
    similarity float8, text_rank float8
)
language plpgsql set jit = off stable as $$
declare
    m_model text;
    words   text := array_to_string(
        regexp_split_to_array(trim(regexp_replace(query_text, '[^[:alnum:]]+', ' ', 'g')), ' '),
        ' or ');
    tsq     tsquery := websearch_to_tsquery('english', words);
begin
    select r.model into m_model from _require_model(query_embedding, model_name) r;
    if numnode(tsq) = 0 then  -- only stop words: nothing to match
        return;
    end if;
    return query
    with ranked as materialized (
        select i.id as item_id, ts_rank_cd(i.search_text, tsq, 1)::float8 as text_score
        from items i
        where i.search_text @@ tsq
          and (not active_only or i.is_active)
          and (filter_kinds is null or i.kind = any(filter_kinds))
          and (filter_skill_ids is null or i.skill_ids && filter_skill_ids)
          and (filter_media_types is null or (i.metadata ->> 'media_type') = any(filter_media_types))
          and (date_from is null or coalesce((i.metadata ->> 'date_end')::int,
                                             (i.metadata ->> 'date_start')::int) >= date_from)
          and (date_to is null or coalesce((i.metadata ->> 'date_start')::int,
                                           (i.metadata ->> 'date_end')::int) <= date_to)
        order by text_score desc, i.id
        limit match_count
    )
    select i.id, i.kind, i.name, i.title, i.description, i.summary, i.metadata,
           i.skill_ids, i.primary_skill_id, i.is_active,
           greatest(0, least(1, 1 - (e.embedding <=> query_embedding)))::float8, r.text_score
    from ranked r
    join items i on i.id = r.item_id
    join item_embeddings e on e.item_id = r.item_id and e.model = m_model
    order by r.text_score desc, i.id;
end $$;
