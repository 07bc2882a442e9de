-- The lookup of a person's memberships by account now comes from the Member declaration
-- (`lookups: ['userId']`, index e_panel_management_member_by_user_id); the hand-made one it replaces goes.
DROP INDEX IF EXISTS e_panel_management_member_by_user;
