-- The tax system (سامانه مودیان, decision 044): per panel, its settings (the private key encrypted
-- at rest with a key derived from the server secret; never sent to a device) and the queue of
-- invoices to register, one row per tax id. Server-side tables, not entities: nothing here syncs.
CREATE TABLE IF NOT EXISTS market_accounting_tax_settings (
  panel_id uuid PRIMARY KEY REFERENCES panels(id) ON DELETE CASCADE,
  memory_id text,
  economic_code text,
  endpoint text NOT NULL DEFAULT 'sandbox' CHECK (endpoint IN ('sandbox', 'production')),
  private_key text,
  certificate text,
  certificate_request text,
  next_serial bigint NOT NULL DEFAULT 1,
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE IF NOT EXISTS market_accounting_tax_queue (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  panel_id uuid NOT NULL REFERENCES panels(id) ON DELETE CASCADE,
  once_key text NOT NULL,
  source_type text NOT NULL,
  source_id text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('original', 'correction', 'cancellation', 'return')),
  tax_id text NOT NULL,
  invoice jsonb NOT NULL,
  status text NOT NULL DEFAULT 'waiting' CHECK (status IN ('waiting', 'sent', 'accepted', 'refused')),
  request_trace_id uuid NOT NULL DEFAULT gen_random_uuid(),
  reference_number text,
  reasons jsonb NOT NULL DEFAULT '[]',
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz,
  last_error text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (panel_id, tax_id),
  UNIQUE (panel_id, once_key)
);
CREATE INDEX IF NOT EXISTS market_accounting_tax_queue_due ON market_accounting_tax_queue (status, next_attempt_at);
