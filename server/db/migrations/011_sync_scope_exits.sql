-- Row-level scopes (docs/decisions/013-row-scopes.md): the Members whose scope a row has left
-- (a customer given to another agent). Pull sends each of them the row's removal, so it leaves
-- their devices; everyone else outside the scope is sent nothing about the row.
ALTER TABLE sync_changes ADD COLUMN left_scope text[] NOT NULL DEFAULT '{}';
