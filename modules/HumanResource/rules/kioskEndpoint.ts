/**
 * The kiosk's own calls (decision 021). A manager enrols a tablet as one of the panel's kiosk
 * Devices and gets back the device credential; the tablet then presents only that
 * (`Authorization: Device <credential>`, no session, no panel header) to read the names and codes
 * it shows and to post punches, each carrying its proof (the PIN typed or the badge scanned),
 * which the server checks when the punch arrives. A manager's session ends kiosk mode.
 */
export const kioskEndpoints = {
  enrol: { method: 'POST', path: '/api/HumanResource/Kiosk/Enrol' },
  roster: { method: 'GET', path: '/api/HumanResource/Kiosk/Roster' },
  punch: { method: 'POST', path: '/api/HumanResource/Kiosk/Punch' },
  leave: { method: 'POST', path: '/api/HumanResource/Kiosk/Leave' },
} as const;

export interface KioskEnrolment {
  credential: string;
  deviceId: string;
}

export interface KioskRoster {
  device: { id: string; name: string; place: string; active: boolean };
  /** Active people: a name to greet and the code to type; nothing else about them. */
  people: { code: string; name: string }[];
}

export interface KioskPunchBody {
  /** The client's id for the punch, so a punch sent twice is kept once. */
  id: string;
  code: string;
  direction: 'in' | 'out';
  /** When it was punched, by the tablet's clock corrected by the server's offset. */
  at: string;
  deviceAt?: string;
  pin?: string;
  /** The badge's scanned text (`pk1.…`). */
  badge?: string;
}

export interface KioskPunchAnswer {
  id: string;
  name: string;
  direction: 'in' | 'out';
  at: string;
  /** Whether the PIN or badge proved who punched; a punch that is not is kept, flagged for review. */
  verified: boolean;
  status: string;
}

/** Wrong proofs for one personnel code (from any kiosk) before its punches stop being verified for a while. */
export const KIOSK_PROOF_TRIES = 5;
export const KIOSK_PROOF_WINDOW_MS = 15 * 60_000;
