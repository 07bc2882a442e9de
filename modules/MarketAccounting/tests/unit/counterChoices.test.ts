import { describe, expect, it } from 'vitest';
import type { LocalRow } from '../../../../src/storage/localRecords.ts';
import { chosenRow } from '../../client/counterChoices.ts';

const row = (id: string, more: Record<string, unknown> = {}) => ({ id, version: 1, updatedAt: '', deleted: false, ...more }) as LocalRow;
const boxes = [row('gone', { deleted: true }), row('first'), row('off', { active: false }), row('second')];

describe('the counter sale’s cash box, warehouse and bank account', () => {
  it('is the one chosen on this device while it is there and in use', () => {
    expect(chosenRow(boxes, 'second')?.id).toBe('second');
  });

  it('is the first active one when nothing was chosen, or the choice was deleted or put out of use', () => {
    expect(chosenRow(boxes, undefined)?.id).toBe('first');
    expect(chosenRow(boxes, 'gone')?.id).toBe('first');
    expect(chosenRow(boxes, 'off')?.id).toBe('first');
  });

  it('is none while there is none, or the rows are not read yet', () => {
    expect(chosenRow([], 'first')).toBeUndefined();
    expect(chosenRow(undefined, 'first')).toBeUndefined();
  });
});
