-- Personnel have a first and a last name (issue 24; hr-attendance.md). People written before as a
-- whole `name` get the parts once here, split at the last word as rules/personName.ts splits
-- («محمد رضا احمدی» → «محمد رضا» + «احمدی»; one word is a first name alone); `name` stays as it was
-- (the parts joined, up to spacing). Each row changed goes one version up and into the change log, so devices pull it.
-- Only where the table is there (a test may declare the module with fewer entities).
DO $$
BEGIN
  IF to_regclass('e_human_resource_personnel') IS NOT NULL THEN
    WITH whole AS (
      SELECT panel_id, id, regexp_replace(btrim(name), '\s+', ' ', 'g') AS name
      FROM e_human_resource_personnel WHERE first_name IS NULL AND last_name IS NULL AND name IS NOT NULL AND btrim(name) <> ''
    ), changed AS (
      UPDATE e_human_resource_personnel p SET
        first_name = CASE WHEN position(' ' IN whole.name) > 0 THEN regexp_replace(whole.name, ' [^ ]+$', '') ELSE whole.name END,
        last_name = CASE WHEN position(' ' IN whole.name) > 0 THEN substring(whole.name FROM '[^ ]+$') END,
        version = p.version + 1
      FROM whole WHERE whole.panel_id = p.panel_id AND whole.id = p.id
      RETURNING p.panel_id, p.id
    )
    INSERT INTO sync_changes (panel_id, entity, row_id, seq, left_scope)
    SELECT panel_id, 'HumanResource/Personnel', id, nextval('sync_change_seq'), '{}'::text[] FROM changed
    ON CONFLICT (panel_id, entity, row_id) DO UPDATE SET seq = excluded.seq;
  END IF;
END
$$;
