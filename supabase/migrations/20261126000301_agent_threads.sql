-- The agent's conversations: who started each (a fingerprint of the API key, never the key;
-- '' for a client without one), how many turns it has had, and when it was last used (threads
-- idle longer than DISCOVERY_THREAD_TTL_HOURS are purged with their checkpoints).
create table if not exists agent_threads (
  thread_id text primary key,
  owner text not null default '',
  turns integer not null default 0,
  created_at timestamptz not null default now(),
  last_active_at timestamptz not null default now()
);
create index if not exists agent_threads_last_active_idx on agent_threads (last_active_at);
-- Only the app's own role reads and writes it (no policy: other roles see nothing).
alter table agent_threads enable row level security;
