/** The web push calls (decision 040): the server's public key, and this device subscribing or not. */
import { endpoints } from '../contract/endpoints.ts';
import { apiCall, apiData } from './http.ts';

export async function pushPublicKey(): Promise<string> {
  return (await apiData<{ publicKey: string }>(endpoints.pushPublicKey.method, endpoints.pushPublicKey.path)).publicKey;
}

export async function pushSubscribe(
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } },
  lang: string,
): Promise<void> {
  await apiCall(endpoints.pushSubscribe.method, endpoints.pushSubscribe.path, {
    body: { ...subscription, lang: lang === 'en' ? 'en' : 'fa' },
  });
}

export async function pushUnsubscribe(endpoint: string): Promise<void> {
  await apiCall(endpoints.pushUnsubscribe.method, endpoints.pushUnsubscribe.path, { body: { endpoint } });
}
