// A long-lived sandboxed child process that answers requests one at a time, on fd 3, with a token
// only the grader and the child's own harness know. A request that hits a limit, or a child that
// dies, ends that child; the next request gets a new one.
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { Limits } from '../../kit/assignment.ts';
import { PROGRESS_FD, REPLY_FD } from '../children/executor/protocol.ts';
import { describeLimit, type LimitHit, limitFromExit, signalOf } from '../limits.ts';
import {
  BEFORE_MAIN,
  canaryStarts,
  harnessCpuSeconds,
  killGroup,
  STDERR_KEPT,
  spawnStudent,
  watchCpu,
  watchMemory,
} from './process.ts';

export interface WorkerOptions {
  /** The child's script (a bundled harness). */
  script: string;
  cwd: string;
  /** What the child may read besides its script: its stage. */
  readable: readonly string[];
  limits: Limits;
  /** Extra Node flags for the child. */
  nodeFlags?: readonly string[];
  /** Lines sent after the token, before any request (a manifest's path, say). */
  preamble?: readonly string[];
  /**
   * The harness says `{"token":...,"ready":true}` once it has started, before any student code loads:
   * a child that dies before that never ran student code, so its death is the machinery's (a sandbox
   * that cannot start, no threads left), never the student's.
   */
  handshake?: boolean;
  /** The child says on PROGRESS_FD where it is (`<script>:<step>` a line): a stopped request is placed. */
  progress?: boolean;
  /** `script` is a native program (a compiled harness), run as it is rather than by Node. */
  native?: boolean;
  /**
   * A native harness's canary (runProgram's): a child that dies before its handshake is the machinery's
   * fault only when the canary, started the same way, fails too; otherwise the student's code, run
   * before main, ended it.
   */
  canary?: string | undefined;
  /** The child loads a native addon (the isolate host's isolated-vm): Node's permission model must allow it. */
  addons?: boolean;
  /** How a request is written to the child's stdin (whole lines): one JSON line unless given. */
  encode?: (request: object) => string;
}

/** The longest reply line the grader reads from a child; more ends the child (an output limit). */
const MAX_REPLY_BYTES = 64 * 1024 * 1024;
/** How long an ended child's progress pipe may stay open (held by a grandchild) before the request settles. */
const PROGRESS_GRACE_MS = 500;

/** Each reply's line as it came (the kept runs write it to disk as it is, rather than writing the reply out again). */
const replyLines = new WeakMap<object, string>();
export const lineOfReply = (reply: object): string | undefined => replyLines.get(reply);

export type Settled<Reply> =
  | { kind: 'reply'; reply: Reply }
  /**
   * A limit ended the child during the request; `message` names it and its value; `at`, where the child
   * last said it was (its word only: for a message, never a verdict).
   */
  | { kind: 'limit'; hit: LimitHit; message: string; at?: { script: number; step: number } | undefined }
  /**
   * The child died during the request: how, and the end of its stderr. `infrastructure` when it died
   * before its harness said it was ready (with `handshake`): no student code had run.
   */
  | { kind: 'exit'; message: string; infrastructure?: boolean };

interface Pending {
  key: string;
  /** The limit a timeout message names (a request may get only what is left of it). */
  limitMs: number;
  /** The CPU time the request may use, when it has a limit of its own. */
  cpuLimitMs?: number | undefined;
  keyOf: (reply: unknown) => string;
  settle: (result: Settled<never>) => void;
}

interface Live {
  child: ChildProcess;
  token: string;
  stderr: string;
  printed: number;
  /** The last place the child said it was in, during the current request. */
  at?: { script: number; step: number } | undefined;
  hit?: LimitHit | undefined;
  pending?: Pending | undefined;
  ready: boolean;
}

export class ChildWorker<Reply extends { token: string }> {
  readonly #options: WorkerOptions;
  #live: Live | undefined;

  constructor(options: WorkerOptions) {
    this.#options = options;
  }

  #start(): Live {
    const { script, cwd, limits, nodeFlags = [], preamble = [] } = this.#options;
    const native = this.#options.native === true;
    const child = spawnStudent(native ? [script] : [...nodeFlags, script], {
      cwd,
      readable: [cwd, ...this.#options.readable, script],
      limits,
      cpuSeconds: harnessCpuSeconds(limits),
      extraFds: this.#options.progress === true ? 2 : 1,
      native,
      addons: this.#options.addons,
    });
    const live: Live = {
      child,
      token: randomBytes(16).toString('hex'),
      stderr: '',
      printed: 0,
      ready: this.#options.handshake !== true,
    };
    const stopWatching = watchMemory(child, limits, () => {
      live.hit ??= 'memory';
    });
    // Student code may print anything: counted against the output limit, never parsed.
    child.stdout?.on('data', (chunk: Buffer) => {
      live.printed += chunk.length;
      if (live.printed > limits.outputBytes && live.hit === undefined) {
        live.hit = 'output';
        killGroup(child);
      }
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      live.stderr = (live.stderr + chunk.toString('utf8')).slice(-STDERR_KEPT);
    });
    if (this.#options.progress === true) {
      // Only the last whole line matters: where the child was when it stopped coming back.
      let partial = '';
      (child.stdio[PROGRESS_FD] as Readable).on('data', (chunk: Buffer) => {
        const text = (partial + chunk.toString('latin1')).slice(-64);
        const end = text.lastIndexOf('\n');
        if (end < 0) {
          partial = text;
          return;
        }
        partial = text.slice(end + 1);
        const last = /(\d{1,9}):(\d{1,9})$/.exec(text.slice(0, end));
        if (last !== null && live.pending !== undefined)
          live.at = { script: Number(last[1]), step: Number(last[2]) };
      });
    }
    child.stdin?.on('error', () => {});
    // It never started (its work folder gone, say, after another failure removed it): Node says so
    // here, with no 'exit'. The machinery's failure, in one line.
    child.on('error', (error) => {
      stopWatching();
      if (this.#live === live) this.#live = undefined;
      live.pending?.settle({
        kind: 'exit',
        message: `the sandboxed process could not start: ${error.message}`,
        infrastructure: true,
      });
    });
    // Replies are read a line at a time with a cap: anything in the child may write to this pipe.
    let pending: Buffer[] = [];
    let pendingBytes = 0;
    (child.stdio[REPLY_FD] as Readable).on('data', (chunk: Buffer) => {
      let start = 0;
      for (let end = chunk.indexOf(10); end >= 0; end = chunk.indexOf(10, start)) {
        pending.push(chunk.subarray(start, end));
        const line = Buffer.concat(pending).toString('utf8');
        pending = [];
        pendingBytes = 0;
        start = end + 1;
        onLine(line);
      }
      pending.push(chunk.subarray(start));
      pendingBytes += chunk.length - start;
      if (pendingBytes > MAX_REPLY_BYTES && live.hit === undefined) {
        live.hit = 'output';
        killGroup(child);
      }
    });
    const onLine = (line: string) => {
      let reply: Reply;
      try {
        reply = JSON.parse(line) as Reply;
      } catch {
        return;
      }
      // Anything in the child may write here: a line that is JSON but no object (`null`) is no reply.
      if (typeof reply !== 'object' || reply === null || reply.token !== live.token) return;
      if ((reply as { ready?: unknown }).ready === true) {
        live.ready = true;
        return;
      }
      const pending = live.pending;
      if (pending === undefined || pending.keyOf(reply) !== pending.key) return;
      replyLines.set(reply, line);
      pending.settle({ kind: 'reply', reply } as Settled<never>);
    };
    child.on('exit', (status, signal) => {
      stopWatching();
      if (this.#live === live) this.#live = undefined;
      // The exit can be seen before the last progress line is read: wait for that pipe to close (a
      // grandchild holding it open gets a short grace), so a report names the call every time.
      const progress = this.#options.progress === true ? (child.stdio[PROGRESS_FD] as Readable) : undefined;
      if (progress === undefined || progress.closed) settleExit(status, signal);
      else {
        const grace = setTimeout(() => settleExit(status, signal), PROGRESS_GRACE_MS);
        progress.once('close', () => {
          clearTimeout(grace);
          settleExit(status, signal);
        });
      }
    });
    const settleExit = (status: number | null, signal: NodeJS.Signals | null) => {
      const pending = live.pending;
      if (pending === undefined) return;
      const hit = live.hit ?? limitFromExit(signal, live.stderr, status);
      if (hit !== undefined) {
        const named =
          hit === 'cpu' && pending.cpuLimitMs !== undefined ? pending.cpuLimitMs : pending.limitMs;
        pending.settle({ kind: 'limit', hit, message: describeLimit(hit, limits, named), at: live.at });
        return;
      }
      const killedBy = signal ?? signalOf(status);
      const how = killedBy === null ? `exited with status ${status}` : `was killed by ${killedBy}`;
      const stderr = live.stderr.trim().split('\n').slice(-3).join(' | ');
      if (!live.ready) {
        const { canary } = this.#options;
        void (canary === undefined ? Promise.resolve(false) : canaryStarts(live.child, canary)).then(
          (beforeMain) =>
            pending.settle(
              beforeMain
                ? {
                    kind: 'exit',
                    message: `the test process ${how} ${BEFORE_MAIN}${stderr ? `: ${stderr}` : ''}`,
                  }
                : {
                    kind: 'exit',
                    message: `the sandboxed process ${how} before it could start${stderr ? `: ${stderr}` : ''}`,
                    infrastructure: true,
                  },
            ),
        );
        return;
      }
      pending.settle({ kind: 'exit', message: `the test process ${how}${stderr ? `: ${stderr}` : ''}` });
    };
    child.stdin?.write([live.token, ...preamble].map((line) => `${line}\n`).join(''));
    return live;
  }

  /** Starts the child now, ahead of its first request (which then finds it started, or ready). */
  start(): void {
    this.#live ??= this.#start();
  }

  /** Sends one request; `key` names it, and `keyOf` finds that name in a reply. */
  run(
    request: object,
    key: string,
    keyOf: (reply: Reply) => string,
    timeoutMs: number,
    limitMs = timeoutMs,
    /** CPU time the request may use (a busy loop is stopped at it whatever the machine's load). */
    cpuLimitMs?: number,
  ): Promise<Settled<Reply>> {
    this.#live ??= this.#start();
    const live = this.#live;
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        live.hit ??= 'time';
        this.#stop(live);
      }, timeoutMs);
      const stopCpu =
        cpuLimitMs === undefined
          ? () => {}
          : watchCpu(live.child, cpuLimitMs, () => {
              live.hit ??= 'cpu';
            });
      const settle = (result: Settled<Reply>) => {
        if (live.pending === undefined) return;
        live.pending = undefined;
        clearTimeout(timer);
        stopCpu();
        resolve(result);
      };
      live.at = undefined;
      live.pending = {
        key,
        limitMs,
        cpuLimitMs,
        keyOf: keyOf as (reply: unknown) => string,
        settle: settle as (result: Settled<never>) => void,
      };
      const { encode } = this.#options;
      live.child.stdin?.write(encode === undefined ? `${JSON.stringify(request)}\n` : encode(request));
    });
  }

  #stop(live: Live): void {
    if (this.#live === live) this.#live = undefined;
    killGroup(live.child);
  }

  close(): void {
    if (this.#live !== undefined) this.#stop(this.#live);
  }

  /** The live child's process id (a bench reads its processor time), if one is running. */
  get pid(): number | undefined {
    return this.#live?.child.pid;
  }
}
