/**
 * One function per panel call (src/contract/panels.ts) and the two sync calls. The current panel
 * is the `X-Panel-Code` the API client sends from the panelCode cookie.
 */
import {
  panelEndpoints,
  type CurrentPanel,
  type CurrentPanelPeople,
  type InitialElementsResult,
  type PanelDetails,
  type PanelInvitation,
  type PanelModulesUpdate,
  type PanelRegistration,
  type PanelSummary,
  type ActivitySummary,
  type RestoredPanelSummary,
} from '../contract/panels.ts';
import { booksAuditEndpoint, type BooksAuditResult } from '../contract/booksAudit.ts';
import { syncEndpoints, type PresenceRequest, type PullResponse, type PushRequest, type PushResponse } from '../contract/sync.ts';
import { apiData, apiFile } from './http.ts';
import { isEnvelope } from '../contract/envelope.ts';

/** Answers the new panel as `current` would (its creator owns it). */
export function registerPanel(registration: PanelRegistration): Promise<CurrentPanel> {
  return apiData(panelEndpoints.register.method, panelEndpoints.register.path, { body: registration });
}

export async function listPanels(): Promise<PanelSummary[]> {
  return (await apiData<PanelSummary[] | null>(panelEndpoints.list.method, panelEndpoints.list.path)) ?? [];
}

export async function listInvitations(): Promise<PanelInvitation[]> {
  return (await apiData<PanelInvitation[] | null>(panelEndpoints.invitations.method, panelEndpoints.invitations.path)) ?? [];
}

/** Accepting joins the panel: answers it as the panel list shows it. */
export function acceptInvitation(code: string): Promise<PanelSummary | null> {
  return apiData(panelEndpoints.acceptInvitation.method, panelEndpoints.acceptInvitation.path, { body: { code } });
}

export async function declineInvitation(code: string): Promise<void> {
  await apiData(panelEndpoints.declineInvitation.method, panelEndpoints.declineInvitation.path, { body: { code } });
}

export function getCurrentPanel(): Promise<CurrentPanel & CurrentPanelPeople> {
  return apiData(panelEndpoints.current.method, panelEndpoints.current.path);
}

export function updatePanelDetails(details: Partial<PanelDetails>): Promise<CurrentPanel> {
  return apiData(panelEndpoints.updateDetails.method, panelEndpoints.updateDetails.path, { body: details });
}

export function updatePanelModules(update: PanelModulesUpdate): Promise<CurrentPanel> {
  return apiData(panelEndpoints.updateModules.method, panelEndpoints.updateModules.path, { body: update });
}

export function createInitialElements(): Promise<InitialElementsResult> {
  return apiData(panelEndpoints.initialElements.method, panelEndpoints.initialElements.path, { body: {} });
}

export async function getActivitySummary(): Promise<ActivitySummary> {
  const data = await apiData<Partial<ActivitySummary> | null>(panelEndpoints.activitySummary.method, panelEndpoints.activitySummary.path);
  return { days: data?.days ?? [], recent: data?.recent ?? [] };
}

/** The books-and-stock audit of the current panel (its owner only). */
export function runBooksAudit(): Promise<BooksAuditResult> {
  return apiData(booksAuditEndpoint.method, booksAuditEndpoint.path);
}

export function pushMutations(request: PushRequest): Promise<PushResponse> {
  return apiData(syncEndpoints.push.method, syncEndpoints.push.path, { body: request });
}

/** Says that the person has a row open (every ~10 s) or closed it (decision 039). */
export function sendPresence(request: PresenceRequest): Promise<null> {
  return apiData(syncEndpoints.presence.method, syncEndpoints.presence.path, { body: request });
}

export function pullChanges(cursor: number, limit: number, snapshot?: string): Promise<PullResponse> {
  return apiData(syncEndpoints.pull.method, syncEndpoints.pull.path, {
    query: { cursor, limit, ...(snapshot === undefined ? {} : { snapshot }) },
  });
}

/** The current panel as one file (its owner only), with the name the server gives it. */
export async function downloadPanelBackup(): Promise<{ file: Blob; name: string }> {
  const response = await apiFile(panelEndpoints.backup.method, panelEndpoints.backup.path);
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'pishkhan-panel.pishkhan.gz';
  return { file: await response.blob(), name };
}

/** Restores a backup file as a new panel the caller owns. */
export async function restorePanelBackup(file: Blob): Promise<RestoredPanelSummary> {
  const response = await apiFile(panelEndpoints.restore.method, panelEndpoints.restore.path, file, 'application/gzip');
  const answer: unknown = await response.json();
  if (!isEnvelope(answer) || !answer.data) throw new Error('restore answered no panel');
  return answer.data as RestoredPanelSummary;
}
