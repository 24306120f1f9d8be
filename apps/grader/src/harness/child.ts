// The harness child: loads an assignment's unit tests, then runs them one by one on request against
// the modules staged in its working folder. Student code runs here, never in the grader's process.
import { writeSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';
import { LoadFailure, show, TestFailure, type UnitTest } from '../kit/unit-test.ts';
import { REPLY_FD, type RunReply, type RunRequest } from './protocol.ts';

// Taken before any student module loads: a submission that replaces JSON or fs functions cannot
// garble or forge the replies (which also carry a token it never sees).
const stringify = JSON.stringify;
const parse = JSON.parse;
const write = writeSync;

/** threw()'s words: `threw TypeError: ...` or `threw "x" (not an Error)`. */
const STUDENT_THREW = /\bthrew ([A-Z]\w*: |.* \(not an Error\))/;

const modules = new Map<string, Promise<Record<string, unknown>>>();

function load(file: string): Promise<Record<string, unknown>> {
  let module = modules.get(file);
  if (module === undefined) {
    const url = pathToFileURL(join(process.cwd(), file.replace(/\.ts$/, '.mjs'))).href;
    module = import(url).catch((error: unknown) => {
      throw new LoadFailure(`${file} failed to load: ${show(error)}`);
    }) as Promise<Record<string, unknown>>;
    modules.set(file, module);
  }
  return module;
}

async function runOne(test: UnitTest, request: RunRequest): Promise<Omit<RunReply, 'token'>> {
  try {
    await test.run({ load, seed: request.seed, numRuns: request.numRuns, replayPath: request.replayPath });
    return { id: request.id, status: 'passed' };
  } catch (error) {
    if (error instanceof TestFailure) {
      // What the student's code threw is told by threw(): such a failure is a runtime error.
      const status = STUDENT_THREW.test(error.message) ? 'runtime-error' : 'failed';
      return { id: request.id, status, message: error.message, replay: error.replay };
    }
    if (error instanceof LoadFailure) return { id: request.id, status: 'load-error', message: error.message };
    return {
      id: request.id,
      status: 'runtime-error',
      message: `the test stopped: the code threw ${show(error)}`,
    };
  }
}

export function serve(tests: readonly UnitTest[]): void {
  const byId = new Map(tests.map((test) => [test.id, test]));
  let token: string | undefined;
  const reply = (message: Omit<RunReply, 'token'>) =>
    write(REPLY_FD, `${stringify({ token, ...message })}\n`);
  // One test at a time, in the order asked.
  let queue = Promise.resolve();
  createInterface({ input: process.stdin }).on('line', (line) => {
    if (token === undefined) {
      token = line;
      return;
    }
    const request = parse(line) as RunRequest;
    queue = queue.then(async () => {
      const test = byId.get(request.id);
      const message = test === undefined ? undefined : await runOne(test, request);
      reply(message ?? { id: request.id, status: 'runtime-error', message: 'no such test' });
    });
  });
}
