/**
 * Work over a whole table done a step at a time (decision 064). At 100,000 rows on a phone (its
 * CPU 4× slower than this machine's) any pass over every row in one task holds the page for
 * hundreds of milliseconds: a list's sort took 1.3 s, its reference titles 350 ms, and a person
 * scrolling met them. Such work is written as a generator that yields between steps; it runs a
 * slice of SLICE_MS per task of the page, so scrolling and typing go on meanwhile, and a screen
 * shows what it had (or its first rows, read through an index) until the work is done. Work small
 * enough to finish within one slice is done at once, in the render that asks for it.
 */
import { useEffect, useState } from 'react';

/** How long one slice of work runs between two tasks of the page. */
export const SLICE_MS = 8;

/** The next task of the page: `scheduler.postTask` where there is one (no clamping of nested timers). */
export function nextTask(run: () => void): void {
  const scheduler = (globalThis as { scheduler?: { postTask?: (task: () => void) => unknown } }).scheduler;
  if (scheduler?.postTask) void scheduler.postTask(run);
  else setTimeout(run, 0);
}

/** A piece of work and how far it has got: its steps, then its result. */
export class SlicedWork<T> {
  private result: { value: T } | null = null;
  /** Who waits for the result (`whenDone`). */
  private readonly waiting = new Set<() => void>();
  private running = false;

  /**
   * `goOn`: whether the work is worth finishing with nobody waiting (its rows are still the
   * table's: going back to the screen will want it); else it stops where it got to.
   */
  constructor(
    private readonly steps: Generator<void, T, void>,
    private readonly goOn: () => boolean = () => false,
  ) {}

  get done(): boolean {
    return this.result !== null;
  }

  /** The result, once done. */
  get value(): T | undefined {
    return this.result?.value;
  }

  /** Steps on until the work is done or the clock passes `until`; whether it is done. */
  runUntil(until: number): boolean {
    while (!this.result) {
      const step = this.steps.next();
      if (step.done) this.result = { value: step.value };
      else if (performance.now() >= until) return false;
    }
    return true;
  }

  /** The result, working out the rest at once (for a caller that cannot wait). */
  finish(): T {
    this.runUntil(Number.POSITIVE_INFINITY);
    return this.result!.value;
  }

  /**
   * Works on a slice of SLICE_MS per task, and calls `done` once the work is done. Returns the
   * wait's end; the work goes on while anyone waits, or while `goOn` says it is worth finishing.
   */
  whenDone(done: () => void): () => void {
    if (this.result) {
      done();
      return () => {};
    }
    this.waiting.add(done);
    if (!this.running) {
      this.running = true;
      nextTask(this.slice);
    }
    return () => this.waiting.delete(done);
  }

  private readonly slice = (): void => {
    if (this.waiting.size === 0 && !this.goOn()) {
      this.running = false;
      return;
    }
    if (!this.runUntil(performance.now() + SLICE_MS)) {
      nextTask(this.slice);
      return;
    }
    this.running = false;
    const waiting = [...this.waiting];
    this.waiting.clear();
    for (const done of waiting) done();
  };
}

/**
 * The end of the slice the current task may spend: one for all the work its renders ask for (a
 * list's order, its reference titles, its filter's), not one each.
 */
let sliceEnd: number | null = null;

/** Runs pieces of work until the current task's slice ends; whether all are done. */
function runSlice(works: readonly (SlicedWork<unknown> | undefined)[]): boolean {
  if (sliceEnd === null) {
    sliceEnd = performance.now() + SLICE_MS;
    queueMicrotask(() => (sliceEnd = null));
  }
  const until = sliceEnd;
  return works.every((work) => work === undefined || work.runUntil(until));
}

/** Calls `done` once every piece of work is done (each worked on a slice per task); returns the wait's end. */
export function whenAllDone(works: readonly (SlicedWork<unknown> | undefined)[], done: () => void): () => void {
  const pending = works.filter((work): work is SlicedWork<unknown> => work !== undefined && !work.done);
  let left = pending.length;
  if (left === 0) {
    done();
    return () => {};
  }
  const stops = pending.map((work) => work.whenDone(() => --left === 0 && done()));
  return () => stops.forEach((stop) => stop());
}

/**
 * The results of pieces of work (undefined for none, and for one not yet done): what one slice
 * finishes at once, in this render; the rest a slice per task, the component rendering again once
 * all are done. `works` should be the same array while its pieces are (a memo).
 */
export function useSlicedWorks<T>(works: readonly (SlicedWork<T> | undefined)[]): (T | undefined)[] {
  const [, setFinished] = useState(0);
  const waiting = !runSlice(works);
  useEffect(() => {
    if (!waiting) return;
    return whenAllDone(works, () => setFinished((n) => n + 1));
  }, [works, waiting]);
  return works.map((work) => work?.value);
}
