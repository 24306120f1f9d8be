// A part of the in-isolate library made only when a run first needs it (library.ts, `part`).
import * as util from 'util';

(globalThis as { __pitbossPart?: unknown }).__pitbossPart = util;
