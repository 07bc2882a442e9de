-- Panels: a company's workspace. Its code is what X-Panel-Code carries; its creator owns it. The
-- owner is not a Member row: their access never depends on a role, so nobody can remove or lock
-- them out. Company details are one JSON object (PanelDetails without name and icon).

CREATE TABLE panels (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  code text NOT NULL CHECK (code ~ '^[A-Z0-9]{6,12}$'),
  name text NOT NULL,
  icon text NOT NULL,
  details jsonb NOT NULL DEFAULT '{}'::jsonb,
  -- Enabled modules (ModuleKey[]) and the icon chosen for each (module → icon key).
  modules jsonb NOT NULL DEFAULT '[]'::jsonb,
  module_icons jsonb NOT NULL DEFAULT '{}'::jsonb,
  owner_user_id uuid NOT NULL REFERENCES users (id),
  -- Set once the first-run setup (InitialElements) has created the default roles.
  initialized boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE UNIQUE INDEX panels_code_key ON panels (code);
CREATE INDEX panels_by_owner ON panels (owner_user_id);
