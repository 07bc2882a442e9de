/**
 * Moves focus to the first field marked invalid inside a form, after React has drawn the errors,
 * so keyboard and screen-reader users land on what needs fixing.
 */
export function focusFirstInvalid(form: HTMLFormElement | null): void {
  requestAnimationFrame(() => {
    form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  });
}
