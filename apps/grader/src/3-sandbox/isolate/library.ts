// The whole of what student code finds around it in an isolate: made inside the isolate, from plain
// JavaScript, before any student module loads. No Node API and no host object is reachable: `console`,
// a `process` stand-in, the run's stdin and case files (read-only, copied in), seeded chance and a
// clock of its own, timers on that clock, and a few of Node's modules as pure JavaScript (Buffer,
// EventEmitter, util, assert, readline, a read-only fs). What student code does to any of it changes
// only its own run's output, which the grader judges outside.
//
// Bundled as a script (plumbing/bundle.ts); the host runs it first in every fresh context, with
// the run's input in `globalThis.__pitbossInput`, and reads the run back through `__pitboss`.//
// Its parts, in the order they are made (each module evaluated after those it imports): the built-ins
// taken before any student code runs (library/taken.ts), what the host hands in (handed.ts), the
// output (output.ts), memory outside the heap (memory.ts), chance and the clock (chance.ts), nothing
// left to run after the run (nothing-after.ts), timers (timers.ts), stdin, readline and the read-only
// fs (input.ts), then process, console and the other globals, and Node's modules (globals.ts). Here,
// last, the door the host reads the run through.
import './library/taken.ts';
import './library/handed.ts';
import './library/output.ts';
import './library/memory.ts';
import './library/chance.ts';
import './library/nothing-after.ts';
import './library/timers.ts';
import './library/input.ts';
import './library/globals.ts';
import { chance, told } from './library/chance.ts';
import { modules, processStandIn, runExitListeners } from './library/globals.ts';
import {
  crash,
  emptyStdout,
  endWith,
  exitCode,
  exited,
  ProgramExit,
  printed,
  recordLine,
  records,
  recordsCut,
  stderrText,
  stdoutChunks,
} from './library/output.ts';
import { arrayOf, chunksOf, clear, toNumber } from './library/taken.ts';
import { nextTimer } from './library/timers.ts';
import type { IsolateInput } from './protocol.ts';

interface Pitboss {
  /** The run's output so far, as bytes, and how many bytes were offered (more than kept past the limit). */
  takeOutput(): {
    stdout: (string | Uint8Array)[];
    printed: number;
    stderr: string;
    records: string[];
    recordsCut: boolean;
  };
  /** Runs the earliest timer due; whether any is left. */
  nextTimer(): boolean;
  /** Whether the program has ended (process.exit), and with what status. */
  ended(): { exited: boolean; code: number };
  /** An uncaught error ended the program: its words on stderr (as Node prints them, shortly), status 1. */
  crashed(words: string): number;
  /** Each first use of chance by a file: `[call, file]`. */
  chanceTold(): [string, string][];
  /** Runs the 'exit' listeners once, as Node does when a program ends. */
  exit(): void;
  /** Appends one recorded call (a recorder in a linked run). */
  record(call: string): void;
  modules: Record<string, Record<string, unknown>>;
  /** Restarts chance (the executor: each script draws alike wherever it runs). */
  restartChance(): void;
}

declare global {
  var __pitbossInput: IsolateInput | undefined;
  var __pitboss: Pitboss;
}

Object.defineProperty(globalThis, '__pitboss', {
  value: Object.freeze({
    takeOutput(emptied?: boolean) {
      const taken = {
        stdout: chunksOf(stdoutChunks),
        printed,
        stderr: stderrText,
        records: arrayOf(records),
        recordsCut,
      };
      if (emptied === true) emptyStdout();
      return taken;
    },
    nextTimer,
    ended: () => ({ exited, code: exited ? exitCode : toNumber(processStandIn.exitCode ?? 0) | 0 }),
    crashed(words: string) {
      crash(words);
      return 1;
    },
    chanceTold() {
      const taken = arrayOf(told);
      clear(told);
      return taken;
    },
    exit() {
      if (exited) return;
      const status = toNumber(processStandIn.exitCode ?? 0) | 0;
      try {
        runExitListeners(status);
      } catch (error) {
        if (!(error instanceof ProgramExit)) throw error;
      }
      if (!exited) endWith(toNumber(processStandIn.exitCode ?? 0) | 0);
    },
    record: (call: string) => recordLine(call),
    modules,
    restartChance() {
      chance.restart();
    },
  } satisfies Pitboss),
  writable: false,
  configurable: false,
  enumerable: false,
});
