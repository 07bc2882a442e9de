-- One money unit per panel (decision 027): the unit accounting's settings chose ("Show amounts in",
-- the column `currency`, no longer declared) becomes the panel's own `moneyUnit`, which every
-- module reads. A panel that already has one keeps it. Only where the column is there: a database
-- made after the field left the declaration never had it.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM information_schema.columns WHERE table_name = 'e_market_accounting_settings' AND column_name = 'currency') THEN
    UPDATE panels p SET details = p.details || jsonb_build_object('moneyUnit', s.currency)
    FROM e_market_accounting_settings s
    WHERE s.panel_id = p.id AND s.currency IN ('rial', 'toman') AND NOT s.deleted AND NOT (p.details ? 'moneyUnit');
  END IF;
END $$;
