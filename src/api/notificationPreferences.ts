/** The signed-in person's notification preferences in the chosen panel (decision 047). */
import {
  notificationPreferencesEndpoints as endpoints,
  type NotificationPreferences,
  type NotificationPreferencesChange,
} from '../contract/notificationPreferences.ts';
import { apiData } from './http.ts';

export function fetchNotificationPreferences(): Promise<NotificationPreferences> {
  return apiData<NotificationPreferences>(endpoints.get.method, endpoints.get.path);
}

export function saveNotificationPreferences(change: NotificationPreferencesChange): Promise<NotificationPreferences> {
  return apiData<NotificationPreferences>(endpoints.save.method, endpoints.save.path, {
    body: change as unknown as Record<string, unknown>,
  });
}
