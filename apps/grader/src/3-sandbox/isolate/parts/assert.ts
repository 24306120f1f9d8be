// A part of the in-isolate library made only when a run first needs it (library.ts, `part`).
import assert from 'assert';

(globalThis as { __pitbossPart?: unknown }).__pitbossPart = assert;
