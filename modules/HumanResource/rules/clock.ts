/** The server's clock, read by phones to correct their own (hr-attendance.md, offline punches). */
export const clockEndpoint = { method: 'GET', path: '/api/HumanResource/Clock' } as const;

export interface ClockAnswer {
  /** The server's time in milliseconds since the epoch. */
  now: number;
}
