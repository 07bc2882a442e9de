-- Scopes follow references (issue 23, decision 020): a support request takes its customer's
-- agent, a message its request's agent and supporter, a setup step its sale's seller. Rows made
-- before the columns existed get them here once; from now on the server keeps them on every write.
-- Each row changed goes one version up and into the change log, so devices pull it.
-- A server started with a stand-in for this module (a test) has not these tables: nothing to do.
DO $migration$
BEGIN
  IF to_regclass('e_nagem_management_customer') IS NOT NULL AND to_regclass('e_nagem_management_request') IS NOT NULL AND to_regclass('e_nagem_management_request_message') IS NOT NULL AND to_regclass('e_nagem_management_sale') IS NOT NULL AND to_regclass('e_nagem_management_setup_step') IS NOT NULL THEN
    WITH changed AS (
      UPDATE e_nagem_management_request r SET agent_member_id = c.agent_member_id, version = r.version + 1
      FROM e_nagem_management_customer c
      WHERE c.panel_id = r.panel_id AND c.id = r.customer_id AND c.agent_member_id IS NOT NULL AND r.agent_member_id IS DISTINCT FROM c.agent_member_id
      RETURNING r.panel_id, r.id
    )
    INSERT INTO sync_changes (panel_id, entity, row_id, seq, left_scope)
    SELECT panel_id, 'NagemManagement/Request', id, nextval('sync_change_seq'), '{}'::text[] FROM changed
    ON CONFLICT (panel_id, entity, row_id) DO UPDATE SET seq = excluded.seq;

    WITH changed AS (
      UPDATE e_nagem_management_request_message m SET agent_member_id = r.agent_member_id, supporter_id = r.supporter_id, version = m.version + 1
      FROM e_nagem_management_request r
      WHERE r.panel_id = m.panel_id AND r.id = m.request_id
        AND (m.agent_member_id IS DISTINCT FROM r.agent_member_id OR m.supporter_id IS DISTINCT FROM r.supporter_id)
      RETURNING m.panel_id, m.id
    )
    INSERT INTO sync_changes (panel_id, entity, row_id, seq, left_scope)
    SELECT panel_id, 'NagemManagement/RequestMessage', id, nextval('sync_change_seq'), '{}'::text[] FROM changed
    ON CONFLICT (panel_id, entity, row_id) DO UPDATE SET seq = excluded.seq;

    WITH changed AS (
      UPDATE e_nagem_management_setup_step s SET agent_member_id = sa.agent_member_id, version = s.version + 1
      FROM e_nagem_management_sale sa
      WHERE sa.panel_id = s.panel_id AND sa.id = s.sale_id AND sa.agent_member_id IS NOT NULL AND s.agent_member_id IS DISTINCT FROM sa.agent_member_id
      RETURNING s.panel_id, s.id
    )
    INSERT INTO sync_changes (panel_id, entity, row_id, seq, left_scope)
    SELECT panel_id, 'NagemManagement/SetupStep', id, nextval('sync_change_seq'), '{}'::text[] FROM changed
    ON CONFLICT (panel_id, entity, row_id) DO UPDATE SET seq = excluded.seq;
  END IF;
END
$migration$;
