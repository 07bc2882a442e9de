import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { currentToasts, dismissToast, showToast, toastDefaults } from '../../src/ui/toast.ts';

describe('the toast (spec sections 2 and 9)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    for (const toast of currentToasts()) dismissToast(toast.id);
    vi.useRealTimers();
  });

  it('has the fields show, message, type and duration, with type info and duration 3000 ms by default', () => {
    expect(toastDefaults).toEqual({ show: false, message: '', type: 'info', duration: 3000 });
  });

  it('given its fields without a duration, stays 3000 ms and is of type info', () => {
    const id = showToast({ message: 'Saved.' });
    expect(currentToasts()).toEqual([{ id, show: true, message: 'Saved.', type: 'info', duration: 3000 }]);
    vi.advanceTimersByTime(2999);
    expect(currentToasts()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(currentToasts()).toHaveLength(0);
  });

  it('triggered with a message and no time, stays 5000 ms', () => {
    showToast('The server could not be reached.', { type: 'error' });
    expect(currentToasts()[0]).toMatchObject({ show: true, type: 'error', duration: 5000 });
    vi.advanceTimersByTime(4999);
    expect(currentToasts()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(currentToasts()).toHaveLength(0);
  });

  it('keeps the time it is given either way, and a duration of 0 until dismissed', () => {
    showToast('one', { duration: 8000 });
    showToast({ message: 'two', duration: 1000 });
    showToast({ message: 'three', duration: 0, type: 'warning' });
    expect(currentToasts().map((t) => [t.message, t.duration])).toEqual([
      ['one', 8000],
      ['two', 1000],
      ['three', 0],
    ]);
    vi.advanceTimersByTime(60_000);
    expect(currentToasts().map((t) => t.message)).toEqual(['three']);
  });
});
