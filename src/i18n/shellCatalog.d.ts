/** The public shell's share of a catalogue (build/shellCatalog.ts). */
declare module '*.po?shell' {
  import type { Messages } from '@lingui/core';
  export const messages: Messages;
}
