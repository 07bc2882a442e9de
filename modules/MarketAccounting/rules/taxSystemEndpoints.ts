/** Where the device asks the server about the tax system (server/taxSystem/routes.ts; decision 044), and what it answers. */
export const taxSystemEndpoints = {
  settings: '/api/MarketAccounting/tax-system/settings',
  keyPair: '/api/MarketAccounting/tax-system/key-pair',
  queue: '/api/MarketAccounting/tax-system/queue',
  retry: (id: string) => `/api/MarketAccounting/tax-system/queue/${id}/retry`,
} as const;

export type TaxEndpoint = 'sandbox' | 'production';

/** The settings as any screen sees them: never the private key, only whether there is one. */
export interface TaxSettingsView {
  memoryId: string | null;
  economicCode: string | null;
  endpoint: TaxEndpoint;
  hasPrivateKey: boolean;
  certificate: { subject: string; validTo: string } | null;
  certificateRequest: string | null;
}

export interface TaxQueueItem {
  id: string;
  sourceType: string;
  sourceId: string;
  kind: 'original' | 'correction' | 'cancellation' | 'return';
  taxId: string;
  invoiceNumber: string;
  total: number;
  status: 'waiting' | 'sent' | 'accepted' | 'refused';
  referenceNumber: string | null;
  reasons: { code: string; message: string }[];
  attempts: number;
  nextAttemptAt: string | null;
  lastError: string | null;
  updatedAt: string;
}
