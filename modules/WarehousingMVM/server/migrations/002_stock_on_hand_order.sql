-- Stock on hand at the big panel's scale (decision 057).
--
-- Its pages: products walked in the page's order, title (name_sk) or code (code_sk) as the route
-- sorts them (COLLATE "C", then id), each product's valuations read by their product index,
-- instead of every valuation of the warehouse joined and sorted for each page (221 ms every
-- warehouse's first page, 248 ms a warehouse's page 100 on the big panel). The names end neither
-- in _idx nor _key: the entity schema's generator leaves them alone.
--
-- Its totals: kept per panel and warehouse in stock_on_hand_totals as the valuations are written
-- (statement triggers: a statement's rows, old taken out and new put in, one upsert per warehouse
-- it touched), instead of summing a warehouse's 100,000 valuations (every warehouse's 300,000) on
-- every request. Rows: the live valuations whose quantity is not zero; quantity and value: sums
-- of the live ones, exact. Worked out once here from the valuations there are.
-- Only where the tables are there (a test may declare the module with fewer entities).
DO $$
BEGIN
  IF to_regclass('e_warehousing_mvm_product') IS NOT NULL THEN
    CREATE INDEX IF NOT EXISTS e_warehousing_mvm_product_title_order
      ON e_warehousing_mvm_product (panel_id, name_sk COLLATE "C", id) WHERE NOT deleted;
    CREATE INDEX IF NOT EXISTS e_warehousing_mvm_product_code_order
      ON e_warehousing_mvm_product (panel_id, code_sk COLLATE "C", id) WHERE NOT deleted;
  END IF;
  IF to_regclass('e_warehousing_mvm_stock_valuation') IS NOT NULL AND to_regclass('stock_on_hand_totals') IS NULL THEN
    CREATE TABLE stock_on_hand_totals (
      panel_id uuid NOT NULL REFERENCES panels (id) ON DELETE CASCADE,
      warehouse_id uuid NOT NULL,
      rows bigint NOT NULL,
      quantity numeric NOT NULL,
      value numeric NOT NULL,
      PRIMARY KEY (panel_id, warehouse_id)
    );
    INSERT INTO stock_on_hand_totals (panel_id, warehouse_id, rows, quantity, value)
    SELECT panel_id, warehouse_id, count(*) FILTER (WHERE quantity <> 0), coalesce(sum(quantity), 0), coalesce(sum(value), 0)
    FROM e_warehousing_mvm_stock_valuation WHERE NOT deleted AND warehouse_id IS NOT NULL GROUP BY panel_id, warehouse_id;

    CREATE FUNCTION stock_on_hand_totals_follow() RETURNS trigger LANGUAGE plpgsql AS $f$
    BEGIN
      -- Each branch names only the transition tables its event has (an INSERT has no old rows).
      IF TG_OP IN ('UPDATE', 'DELETE') THEN
        INSERT INTO stock_on_hand_totals AS t (panel_id, warehouse_id, rows, quantity, value)
        SELECT panel_id, warehouse_id, -count(*) FILTER (WHERE quantity <> 0), -coalesce(sum(quantity), 0), -coalesce(sum(value), 0)
        FROM old_rows WHERE NOT deleted AND warehouse_id IS NOT NULL GROUP BY panel_id, warehouse_id
        ON CONFLICT (panel_id, warehouse_id) DO UPDATE
          SET rows = t.rows + excluded.rows, quantity = t.quantity + excluded.quantity, value = t.value + excluded.value;
      END IF;
      IF TG_OP IN ('INSERT', 'UPDATE') THEN
        INSERT INTO stock_on_hand_totals AS t (panel_id, warehouse_id, rows, quantity, value)
        SELECT panel_id, warehouse_id, count(*) FILTER (WHERE quantity <> 0), coalesce(sum(quantity), 0), coalesce(sum(value), 0)
        FROM new_rows WHERE NOT deleted AND warehouse_id IS NOT NULL GROUP BY panel_id, warehouse_id
        ON CONFLICT (panel_id, warehouse_id) DO UPDATE
          SET rows = t.rows + excluded.rows, quantity = t.quantity + excluded.quantity, value = t.value + excluded.value;
      END IF;
      RETURN NULL;
    END
    $f$;
    CREATE TRIGGER stock_on_hand_totals_insert AFTER INSERT ON e_warehousing_mvm_stock_valuation
      REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stock_on_hand_totals_follow();
    CREATE TRIGGER stock_on_hand_totals_update AFTER UPDATE ON e_warehousing_mvm_stock_valuation
      REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stock_on_hand_totals_follow();
    CREATE TRIGGER stock_on_hand_totals_delete AFTER DELETE ON e_warehousing_mvm_stock_valuation
      REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION stock_on_hand_totals_follow();
  END IF;
END
$$;
