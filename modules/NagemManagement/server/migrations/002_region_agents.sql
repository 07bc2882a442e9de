-- Access by region (issue 23, decision 020): each customer is also seen by the agent of its
-- province (the first active agent with a panel account whose region it is). Customers made
-- before get it once here; from now on the server keeps it (server/regionHooks.ts).
-- A server started with a stand-in for this module (a test) has not these tables: nothing to do.
DO $migration$
BEGIN
  IF to_regclass('e_nagem_management_customer') IS NOT NULL AND to_regclass('e_nagem_management_agent') IS NOT NULL THEN
    WITH region AS (
      SELECT c.panel_id, c.id, (
        SELECT a.member_id FROM e_nagem_management_agent a
        WHERE a.panel_id = c.panel_id AND NOT a.deleted AND a.region = c.province AND a.member_id IS NOT NULL AND a.active IS NOT FALSE
        ORDER BY a.id LIMIT 1
      ) AS agent
      FROM e_nagem_management_customer c WHERE c.province IS NOT NULL
    ), changed AS (
      UPDATE e_nagem_management_customer c SET region_agent_id = region.agent, version = c.version + 1
      FROM region WHERE region.panel_id = c.panel_id AND region.id = c.id AND region.agent IS NOT NULL AND c.region_agent_id IS DISTINCT FROM region.agent
      RETURNING c.panel_id, c.id
    )
    INSERT INTO sync_changes (panel_id, entity, row_id, seq, left_scope)
    SELECT panel_id, 'NagemManagement/Customer', id, nextval('sync_change_seq'), '{}'::text[] FROM changed
    ON CONFLICT (panel_id, entity, row_id) DO UPDATE SET seq = excluded.seq;
  END IF;
END
$migration$;
