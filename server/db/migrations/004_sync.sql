-- Sync state (docs/decisions/004-sync-protocol.md).
--
-- sync_changes: one row per (panel, entity, row), re-stamped with a new number from one sequence
-- on every write. A panel's writes are serialised by a transaction-scoped advisory lock, so within
-- a panel the numbers are handed out in commit order and a pull after cursor n never skips a row.

CREATE SEQUENCE sync_change_seq;

CREATE TABLE sync_changes (
  panel_id uuid NOT NULL REFERENCES panels (id),
  entity text NOT NULL,
  row_id uuid NOT NULL,
  seq bigint NOT NULL,
  PRIMARY KEY (panel_id, entity, row_id)
);
CREATE INDEX sync_changes_by_seq ON sync_changes (panel_id, seq) INCLUDE (entity, row_id);

-- A client (one device, user and panel) and the last of its mutation numbers the server has
-- processed, applied or rejected. Written in the same transaction as the mutations' writes.
CREATE TABLE sync_clients (
  client_id text PRIMARY KEY,
  panel_id uuid NOT NULL REFERENCES panels (id),
  user_id uuid NOT NULL REFERENCES users (id),
  last_mutation_id bigint NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);

-- The first answer to each mutation, so a replay gets the same answer and is never applied twice.
CREATE TABLE sync_mutation_results (
  client_id text NOT NULL REFERENCES sync_clients (client_id) ON DELETE CASCADE,
  mutation_id bigint NOT NULL,
  result jsonb NOT NULL,
  PRIMARY KEY (client_id, mutation_id)
);
