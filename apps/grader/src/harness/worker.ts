// The grader's side of a harness child: one child per staged configuration, running its tests in
// turn. A test that runs out of time, or a child that dies, ends that child; the next test gets a new one.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import type { Limits } from '../kit/assignment.ts';
import { killGroup, nodeArgs } from '../runner/process.ts';
import { REPLY_FD, type RunReply, type RunRequest } from './protocol.ts';

export type WorkerStatus = RunReply['status'] | 'timeout';

export interface WorkerResult {
  status: WorkerStatus;
  message?: string | undefined;
  replay?: { seed: number; path: string } | undefined;
}

interface Live {
  child: ChildProcess;
  token: string;
  stderr: string;
  pending?: { id: string; settle: (result: WorkerResult) => void } | undefined;
}

const STDERR_KEPT = 2048;

export class HarnessWorker {
  readonly #harness: string;
  readonly #stageDir: string;
  readonly #limits: Limits;
  #live: Live | undefined;

  constructor(harness: string, stageDir: string, limits: Limits) {
    this.#harness = harness;
    this.#stageDir = stageDir;
    this.#limits = limits;
  }

  #start(): Live {
    const child = spawn(process.execPath, [...nodeArgs(this.#limits), this.#harness], {
      cwd: this.#stageDir,
      detached: true,
      stdio: ['pipe', 'pipe', 'pipe', 'pipe'],
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin' },
    });
    const live: Live = { child, token: randomBytes(16).toString('hex'), stderr: '' };
    // Student code may print anything; it is read and dropped, never parsed.
    child.stdout?.resume();
    child.stderr?.on('data', (chunk: Buffer) => {
      live.stderr = (live.stderr + chunk.toString('utf8')).slice(-STDERR_KEPT);
    });
    child.stdin?.on('error', () => {});
    const replies = createInterface({ input: child.stdio[REPLY_FD] as Readable });
    replies.on('line', (line) => {
      let reply: RunReply;
      try {
        reply = JSON.parse(line) as RunReply;
      } catch {
        return;
      }
      if (reply.token !== live.token || live.pending?.id !== reply.id) return;
      live.pending.settle({ status: reply.status, message: reply.message, replay: reply.replay });
    });
    child.on('exit', (status, signal) => {
      if (this.#live === live) this.#live = undefined;
      const how = signal === null ? `exited with status ${status}` : `was killed by ${signal}`;
      const stderr = live.stderr.trim().split('\n').slice(-3).join(' | ');
      live.pending?.settle({
        status: 'error',
        message: `the test process ${how} during the test${stderr ? `: ${stderr}` : ''}`,
      });
    });
    child.stdin?.write(`${live.token}\n`);
    return live;
  }

  run(request: RunRequest, timeoutMs: number): Promise<WorkerResult> {
    this.#live ??= this.#start();
    const live = this.#live;
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        settle({ status: 'timeout', message: `the test took longer than its limit of ${timeoutMs} ms` });
        this.#stop(live);
      }, timeoutMs);
      const settle = (result: WorkerResult) => {
        if (live.pending === undefined) return;
        live.pending = undefined;
        clearTimeout(timer);
        resolve(result);
      };
      live.pending = { id: request.id, settle };
      live.child.stdin?.write(`${JSON.stringify(request)}\n`);
    });
  }

  #stop(live: Live): void {
    if (this.#live === live) this.#live = undefined;
    killGroup(live.child);
  }

  close(): void {
    if (this.#live !== undefined) this.#stop(this.#live);
  }
}
