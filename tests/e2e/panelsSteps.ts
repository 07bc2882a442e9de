/**
 * Steps the panel end-to-end tests share: the Persian words of the screens (from the catalogue,
 * so the tests follow the translations), opening a panel screen and waiting for its heading, and
 * waiting until the device has sent everything it holds.
 */
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { fa } from './pwaSupport.ts';

/**
 * The sync badge once nothing waits to be sent and no change came in the last ten seconds ("All
 * changes synced"; "Updated just now" comes first after a pull brought rows this device did not
 * write). Taking "Updated just now" too made the calls ten seconds shorter, and failed two files
 * under CI's load, which lean on those seconds: syncConflicts navigated offline before its service
 * worker was ready (ERR_INTERNET_DISCONNECTED), syncWindow still found receipts older than its
 * window on the device.
 */
export async function waitUntilSynced(page: Page, timeout = 30_000): Promise<void> {
  await page.getByRole('button', { name: fa('All changes synced') }).waitFor({ timeout });
}

export async function openScreen(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.locator('h1').first().waitFor();
}

/** Role names shown in the list, in order. */
export async function listedRoleNames(page: Page): Promise<string[]> {
  await page.getByRole('table').waitFor();
  return page.getByRole('rowheader').allInnerTexts();
}

export function faEntity(id: string): string {
  return fa(id);
}

export async function expectNoText(page: Page, text: string): Promise<void> {
  expect(await page.getByText(text, { exact: true }).count()).toBe(0);
}

/** Calls the API as a person inside a panel (bearer token and X-Panel-Code), as the app does. */
export async function callInPanel<T = unknown>(
  serverUrl: string,
  endpoint: { method: string; path: string },
  token: string,
  panelCode: string | null,
  body?: unknown,
): Promise<T> {
  const response = await fetch(`${serverUrl}${endpoint.path}`, {
    method: endpoint.method,
    headers: {
      'Content-Type': 'application/json',
      'X-Forwarded-For': '10.8.8.8',
      Authorization: `Bearer ${token}`,
      ...(panelCode ? { 'X-Panel-Code': panelCode } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const envelope = (await response.json()) as { isSuccess: boolean; data: T };
  expect(envelope.isSuccess, `${endpoint.method} ${endpoint.path}: ${JSON.stringify(envelope)}`).toBe(true);
  return envelope.data;
}
