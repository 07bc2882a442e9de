-- Document numbers (documents.md, "Numbers"): per panel, document and Jalali year, handed out at
-- submit under the panel's write lock and never reused (a cancelled document keeps its number).
CREATE TABLE document_series (
  panel_id uuid NOT NULL REFERENCES panels (id),
  entity text NOT NULL,
  year integer NOT NULL,
  last_number integer NOT NULL,
  PRIMARY KEY (panel_id, entity, year)
);
