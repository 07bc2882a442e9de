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

  constructor(private readonly steps: Generator<void, T, void>) {}

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
}

/**
 * Runs pieces of work a slice of SLICE_MS per task, one after another, and calls `done` once all
 * are done. Returns a stop (each piece stays where it got to, for the next one who asks).
 */
export function workInSlices(works: readonly SlicedWork<unknown>[], done: () => void): () => void {
  let stopped = false;
  const slice = () => {
    if (stopped) return;
    if (runSlice(works)) done();
    else nextTask(slice);
  };
  nextTask(slice);
  return () => {
    stopped = true;
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

/**
 * The results of pieces of work (undefined for none, and for one not yet done): what one slice
 * finishes at once, in this render; the rest a slice per task, the component rendering again once
 * all are done. `works` should be the same array while its pieces are (a memo), else the slices
 * start over on each render (harmless: the work stays where it got to).
 */
export function useSlicedWorks<T>(works: readonly (SlicedWork<T> | undefined)[]): (T | undefined)[] {
  const [, setFinished] = useState(0);
  const waiting = !runSlice(works);
  useEffect(() => {
    if (!waiting) return;
    return workInSlices(
      works.filter((work): work is SlicedWork<T> => work !== undefined),
      () => setFinished((n) => n + 1),
    );
  }, [works, waiting]);
  return works.map((work) => work?.value);
}
