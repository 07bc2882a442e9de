-- A product's batches expire (issue 24): until now "tracked by batch" meant "by batch and expiry",
-- so every product tracked by batch keeps that meaning. From now on the product says so itself
-- (`expires`) and goods in of such a product need each batch's expiry (server/stockPosting.ts).
-- Only where the table is there (a test may declare the module with fewer entities).
DO $$
BEGIN
  IF to_regclass('e_warehousing_mvm_product') IS NOT NULL THEN
    WITH changed AS (
      UPDATE e_warehousing_mvm_product SET expires = true, version = version + 1
      WHERE tracks_batches IS TRUE AND expires IS NULL
      RETURNING panel_id, id
    )
    INSERT INTO sync_changes (panel_id, entity, row_id, seq, left_scope)
    SELECT panel_id, 'WarehousingMVM/Product', id, nextval('sync_change_seq'), '{}'::text[] FROM changed
    ON CONFLICT (panel_id, entity, row_id) DO UPDATE SET seq = excluded.seq;
  END IF;
END
$$;
