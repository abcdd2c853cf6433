-- The catalog: items of every kind, human-managed skills, assignments, and vectors per model.
create extension if not exists vector;

create table if not exists items (
    id               text primary key,
    kind             text not null
                     check (kind in ('archive', 'tool', 'prompt', 'resource', 'agent', 'capability')),
    name             text not null,
    title            text not null default '',
    description      text not null default '',
    summary          text not null default '',
    embedding_text   text not null default '',
    metadata         jsonb not null default '{}'::jsonb,
    skill_ids        text[] not null default '{}',
    primary_skill_id text,
    is_active        boolean not null default true,
    content_hash     text not null,
    created_at       timestamptz not null default now(),
    updated_at       timestamptz not null default now(),
    search_text      tsvector generated always as (
        setweight(to_tsvector('english', coalesce(title, '')), 'A')
        || setweight(to_tsvector('english', coalesce(description, '')), 'B')
        || setweight(to_tsvector('english', coalesce(metadata ->> 'creator', '')), 'B')
        || setweight(to_tsvector('english', coalesce(summary, '')), 'C')
    ) stored
);

create index if not exists items_kind_idx on items (kind);
create index if not exists items_skill_ids_gin on items using gin (skill_ids);
create index if not exists items_search_text_gin on items using gin (search_text);
create index if not exists items_media_type_idx on items ((metadata ->> 'media_type'));

-- Which embedding models have vectors, and whether their coverage is complete ('ready').
create table if not exists embedding_models (
    model      text primary key,
    dim        int not null check (dim between 1 and 2000),
    status     text not null check (status in ('building', 'ready')),
    updated_at timestamptz not null default now()
);

create table if not exists item_embeddings (
    item_id      text not null references items (id) on delete cascade,
    model        text not null references embedding_models (model),
    content_hash text not null,
    embedding    vector not null,
    primary key (item_id, model)
);

-- One HNSW cosine index per model, on the column cast to that model's dimension.
-- m = 32, ef_construction = 128: on the 87k CMOA captions, m = 16 gave recall@10 0.98 for
-- hand-written queries but 0.56 for phrases cut from captions; m = 32 gives 0.99 and 0.79.
create index if not exists item_embeddings_minilm_hnsw on item_embeddings
    using hnsw ((embedding::vector(384)) vector_cosine_ops) with (m = 32, ef_construction = 128)
    where model = 'all-MiniLM-L6-v2';
create index if not exists item_embeddings_google004_hnsw on item_embeddings
    using hnsw ((embedding::vector(768)) vector_cosine_ops) with (m = 32, ef_construction = 128)
    where model = 'text-embedding-004';

create table if not exists skills (
    id            text primary key,
    name          text not null,
    description   text not null,
    parent_domain text,
    keywords      text[] not null default '{}',
    examples      text[] not null default '{}',
    -- Metadata rules: an item whose metadata has one of the listed values belongs to the skill
    -- with confidence 1, e.g. {"media_type": ["painting"]}. Skills without rules are matched
    -- by similarity.
    rules         jsonb not null default '{}'::jsonb,
    is_active     boolean not null default true,
    tool_count    int not null default 0,
    created_at    timestamptz not null default now(),
    updated_at    timestamptz not null default now()
);

create table if not exists skill_embeddings (
    skill_id  text not null references skills (id) on delete cascade,
    model     text not null references embedding_models (model),
    source    text not null check (source in ('centroid', 'description')),
    embedding vector not null,
    primary key (skill_id, model)
);

create table if not exists item_skills (
    item_id    text not null references items (id) on delete cascade,
    skill_id   text not null references skills (id) on delete cascade,
    confidence real not null check (confidence between 0 and 1),
    is_primary boolean not null default false,
    primary key (item_id, skill_id)
);
create index if not exists item_skills_skill_idx on item_skills (skill_id);

create table if not exists skill_suggestions (
    id               bigserial primary key,
    name             text not null,
    description      text not null,
    example_item_ids text[] not null default '{}',
    status           text not null default 'pending'
                     check (status in ('pending', 'approved', 'rejected')),
    created_at       timestamptz not null default now(),
    reviewed_at      timestamptz
);

-- Vector indexes set aside during a bulk load (rebuilt once at its end, or after a crash).
create table if not exists deferred_indexes (
    index_name text primary key,
    definition text not null,
    created_at timestamptz not null default now()
);
