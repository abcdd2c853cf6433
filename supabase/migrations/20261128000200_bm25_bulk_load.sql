-- A bulk load indexes its text once, at the end (issue 21, ingest throughput).
--
-- The BM25 statement triggers on `items` index each batch in its transaction: term rows, the
-- per-kind statistics, the GIN entries and the sparse weights, a batch of 256 at a time, and
-- the weights are written against the first batch's average field lengths, so the
-- `bm25_refresh()` at the end of a load rewrites them all anyway. A load into a catalog with no
-- vectors for its model (the case where the HNSW index is already deferred, `catalog/bulk.py`)
-- now sets `discovery.bm25_defer` in its write transactions: the insert trigger then leaves the
-- rows to `bm25_index_missing()`, which indexes every item that has no `item_bm25` row in one
-- statement when the load ends (with the true averages). The setting is local to the writer's
-- transaction, so other writers meanwhile are indexed as before. A load that dies leaves a row
-- in `deferred_indexes` whose definition is `select bm25_index_missing()`: the next open runs
-- it, as it rebuilds a vector index left deferred.

-- Index every item the text index does not have yet; returns how many.
create or replace function bm25_index_missing()
returns int
language plpgsql as $$
declare
    docs items[] := array(
        select i from items i
        where not exists (select 1 from item_bm25 b where b.item_id = i.id));
begin
    perform _bm25_add(docs);
    return coalesce(cardinality(docs), 0);
end $$;

create or replace function _bm25_deferred()
returns boolean
language sql stable as $$
    select coalesce(current_setting('discovery.bm25_defer', true), '') = 'on'
$$;

create or replace function _items_bm25_insert() returns trigger
language plpgsql as $$
begin
    if _bm25_deferred() then
        return null;  -- bm25_index_missing() indexes these rows when the load ends
    end if;
    perform _bm25_add(array(select i from items i where i.id in (select n.id from new_rows n)));
    return null;
end $$;

-- As before, except that in a deferred load a row not yet indexed stays for
-- bm25_index_missing() (indexing it alone would fix the kind's reference averages on it).
create or replace function _items_bm25_update() returns trigger
language plpgsql as $$
declare
    changed text[];
begin
    select array_agg(n.id) into changed
    from new_rows n join old_rows o on o.id = n.id
    where (n.kind, _bm25_field_texts(n.title, n.description, n.metadata))
          is distinct from (o.kind, _bm25_field_texts(o.title, o.description, o.metadata))
      and (not _bm25_deferred()
           or exists (select 1 from item_bm25 b where b.item_id = n.id));
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
