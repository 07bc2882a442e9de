import { panelEndpoints, type PanelSummary } from '../contract/panels.ts';
import { apiData } from './http.ts';

/** The panels the signed-in user belongs to (GET /api/Panel/PanelList). */
export async function getPanelList(): Promise<PanelSummary[]> {
  return (await apiData<PanelSummary[] | null>(panelEndpoints.list.method, panelEndpoints.list.path)) ?? [];
}
