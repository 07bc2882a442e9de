import { useSearch } from 'wouter';
import { paths } from '../../contract/routes.ts';

/** Where to go after signing in: the `next` the guard passed along (same-origin paths only). */
export function useNextPath(): string {
  const next = new URLSearchParams(useSearch()).get('next');
  return next && next.startsWith('/') && !next.startsWith('//') ? next : paths.user.dashboard;
}
