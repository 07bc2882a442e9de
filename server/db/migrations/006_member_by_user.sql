-- A person's memberships across panels (PanelList, and who may enter a panel), found by user id
-- without scanning every panel's people. Hand-written: it spans panels, so it is not derived from
-- the entity declaration, whose indexes all start with panel_id.
CREATE INDEX e_panel_management_member_by_user ON e_panel_management_member (user_id) WHERE NOT deleted;
