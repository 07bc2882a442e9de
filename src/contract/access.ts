/**
 * The platform's own entities, in every panel whatever its modules: the access model (roles and
 * the people holding them), the audit log of every write, and the panel's number series. Their
 * keys keep the `PanelManagement/` prefix the wire has always used.
 */
import type { Entity } from './entity.ts';
import { Activity, Member, Notification, NumberSeries, Role } from './entities/panelManagement.ts';

export { Activity, Member, Notification, NumberSeries, Role };

export const accessEntities: readonly Entity[] = [Role, Member, Activity, NumberSeries, Notification];
