/**
 * Route paths come from `src/contract/endpoints.ts`, written there once as the wire spells them.
 * The API routes are registered under the `/api` prefix, so the prefix is taken off here.
 */
const API_PREFIX = '/api';

export function apiPath(endpoint: { readonly path: string }): string {
  if (!endpoint.path.startsWith(`${API_PREFIX}/`)) throw new Error(`${endpoint.path} is not an API path`);
  return endpoint.path.slice(API_PREFIX.length);
}
