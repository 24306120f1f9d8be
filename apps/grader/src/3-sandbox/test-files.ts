// A students'-tests run as the sandbox answers it, whichever way ran it (a process, an isolate): the
// modules a run links against and what each test file came to.
import type { TestRunReply } from './children/student-tests/protocol.ts';
import type { LimitHit } from './limits.ts';

/** Module name (`deck`) -> compiled JavaScript: everything one run links against. */
export type Modules = Record<string, string>;

/** What one test file of a run came to. */
export type FileOutcome =
  | { kind: 'reply'; reply: TestRunReply }
  | { kind: 'limit'; hit: LimitHit; message: string }
  /** The process ended (or answered out of turn) while this file ran. */
  | { kind: 'exit' }
  /** An earlier file of the same process broke it: this one never ran. */
  | { kind: 'not-run' };
