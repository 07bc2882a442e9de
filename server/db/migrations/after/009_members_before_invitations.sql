-- People added before invitations existed (issue 14) keep their place: they count as having
-- accepted. From now on only an accepted invitation ('active') gives access to a panel.
UPDATE e_panel_management_member SET status = 'active' WHERE status IS NULL;
