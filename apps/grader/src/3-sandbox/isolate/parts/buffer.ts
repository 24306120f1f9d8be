// A part of the in-isolate library made only when a run first needs it (library.ts, `part`).
import { Buffer } from 'buffer';

(globalThis as { __pitbossPart?: unknown }).__pitbossPart = { Buffer };
