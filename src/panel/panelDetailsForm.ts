/** The panel's details as a form edits them, and the server's per-field refusals (400 with `data.fields`). */
import { isApiError } from '../api/ApiError.ts';
import type { CurrentPanel, PanelDetails } from '../contract/panels.ts';
import { DEFAULT_PANEL_ICON } from '../ui/panelIcons.tsx';

export const emptyDetails: PanelDetails = {
  name: '',
  icon: DEFAULT_PANEL_ICON,
  companyName: '',
  economicCode: '',
  nationalId: '',
  phone: '',
  address: '',
  postalCode: '',
  moneyUnit: 'rial',
};

export function detailsOf(panel: CurrentPanel): PanelDetails {
  return Object.fromEntries(
    Object.keys(emptyDetails).map((k) => [k, panel[k as keyof PanelDetails] ?? emptyDetails[k as keyof PanelDetails]]),
  ) as unknown as PanelDetails;
}

export function serverFieldErrors(error: unknown): Record<string, string> {
  if (!isApiError(error)) return {};
  const data = error.envelope?.data as { fields?: unknown } | null | undefined;
  const fields = data?.fields;
  return typeof fields === 'object' && fields !== null ? (fields as Record<string, string>) : {};
}
