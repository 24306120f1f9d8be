// Timers in the in-isolate library, on the run's own clock: the host runs them, one call each, when the
// program's own code has run (`__pitboss.nextTimer`).
import { exited, ProgramExit } from './output.ts';
import { apply, create, most, toNumber } from './taken.ts';

// --- Timers on the run's own clock: run in order of when they are due, never in real time ---------
interface Timer {
  id: number;
  due: number;
  fn: (...args: unknown[]) => unknown;
  args: unknown[];
  every?: number | undefined;
}
let timerNow = 0;
let timerIds = 0;
/** By id, so in the order they were set (a run's own `Map` methods are its own to replace). */
const timers = create(null) as Record<number, Timer | undefined>;
let timersSet = 0;
const removeTimer = (id: number) => {
  if (timers[id] === undefined) return;
  timers[id] = undefined;
  delete timers[id];
  timersSet -= 1;
};

export class TimerHandle {
  readonly id: number;
  constructor(id: number) {
    this.id = id;
  }
  ref() {
    return this;
  }
  unref() {
    return this;
  }
  hasRef() {
    return true;
  }
  refresh() {
    return this;
  }
  [Symbol.toPrimitive]() {
    return this.id;
  }
}

function addTimer(fn: unknown, ms: unknown, args: unknown[], every: boolean): TimerHandle {
  if (typeof fn !== 'function') throw new TypeError('The "callback" argument must be of type function');
  const delay = most(1, toNumber(ms) || 0);
  const id = ++timerIds;
  timers[id] = {
    id,
    due: timerNow + delay,
    fn: fn as Timer['fn'],
    args,
    every: every ? delay : undefined,
  };
  timersSet += 1;
  return new TimerHandle(id);
}
export const clearTimer = (handle: unknown) => {
  removeTimer(handle instanceof TimerHandle ? handle.id : toNumber(handle));
};
export const setTimeoutStandIn = (fn: unknown, ms?: unknown, ...args: unknown[]) =>
  addTimer(fn, ms, args, false);
export const setIntervalStandIn = (fn: unknown, ms?: unknown, ...args: unknown[]) =>
  addTimer(fn, ms, args, true);
// An immediate runs before any timer due later: due now (0), after those already due now.
export const setImmediateStandIn = (fn: unknown, ...args: unknown[]) => {
  const handle = addTimer(fn, 1, args, false);
  timers[handle.id]!.due = timerNow;
  return handle;
};
export const queueMicrotaskStandIn = (fn: unknown) => {
  if (typeof fn !== 'function') throw new TypeError('The "callback" argument must be of type function');
  void Promise.resolve().then(fn as () => unknown);
};

export function nextTimer(): boolean {
  if (exited) return false;
  let first: Timer | undefined;
  for (const id in timers) {
    const timer = timers[id as unknown as number]!;
    if (first === undefined || timer.due < first.due) first = timer;
  }
  if (first === undefined) return false;
  timerNow = most(timerNow, first.due);
  if (first.every === undefined) removeTimer(first.id);
  else first.due = timerNow + first.every;
  try {
    apply(first.fn, undefined, first.args);
  } catch (error) {
    if (!(error instanceof ProgramExit)) throw error;
  }
  return !exited && timersSet > 0;
}
