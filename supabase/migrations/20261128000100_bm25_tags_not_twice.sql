-- The text leg counted a record's classification twice: the ingest keeps the source's raw
-- classification among the tags ("Photographs", "Drawing"), next to the normalized media type
-- ("photograph", "drawing") that is a field of its own, and `_bm25_field_texts` left out only
-- the tags equal to the medium. A tag whose words (stemmed, as indexed) are those of the media
-- type or of the medium is now left out of the tags field, so the class word weighs once and
-- does not lengthen the record (docs/archive-search.md measures it).
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
                  where strip(to_tsvector('english', t)) not in (
                      strip(to_tsvector('english', coalesce(metadata ->> 'medium', ''))),
                      strip(to_tsvector('english', coalesce(metadata ->> 'media_type', ''))))
                 ), ''),
        case when coalesce((metadata ->> 'description_generated')::boolean, false) then ''
             else coalesce(description, '') end
    ]
$$;

-- Re-index what is already in the catalog with the fields as now read.
select bm25_refresh(0, true);
