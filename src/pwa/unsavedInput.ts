/**
 * Whether the page holds input the person has not saved: a form counts from its first edit until
 * it is reset or leaves the page. Submitting does not clear it: a submit can fail (offline, say)
 * and leave the typing on screen, and a needless "reload anyway?" costs less than lost work.
 * Watching `input` events on the document covers every form without each screen having to
 * report, so an update never reloads over someone's typing.
 */
const edited = new WeakSet<HTMLFormElement>();
let watching = false;

function formOf(target: EventTarget | null): HTMLFormElement | null {
  return target instanceof Element ? target.closest('form') : null;
}

export function watchUnsavedInput(doc: Document = document): void {
  if (watching) return;
  watching = true;
  doc.addEventListener(
    'input',
    (event) => {
      const form = formOf(event.target);
      if (form) edited.add(form);
    },
    true,
  );
  doc.addEventListener(
    'reset',
    (event) => {
      if (event.target instanceof HTMLFormElement) edited.delete(event.target);
    },
    true,
  );
}

export function hasUnsavedInput(doc: Document = document): boolean {
  return Array.from(doc.forms).some((form) => edited.has(form));
}
