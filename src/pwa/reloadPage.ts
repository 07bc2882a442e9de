/** Reloads the page: the one place that does, so tests can watch it (jsdom cannot navigate). */
export function reloadPage(): void {
  location.reload();
}
