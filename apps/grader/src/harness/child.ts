// The harness child: loads an assignment's unit tests, then runs them one by one on request against
// the modules staged in its working folder. Student code runs here, never in the grader's process.
import { writeSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';
import { LoadFailure, show, TestFailure, type UnitTest } from '../kit/unit-test.ts';
import { REPLY_FD, type RunReply, type RunRequest } from './protocol.ts';

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
    if (error instanceof TestFailure)
      return { id: request.id, status: 'failed', message: error.message, replay: error.replay };
    if (error instanceof LoadFailure) return { id: request.id, status: 'load-error', message: error.message };
    return { id: request.id, status: 'error', message: `the test stopped: ${show(error)}` };
  }
}

export function serve(tests: readonly UnitTest[]): void {
  const byId = new Map(tests.map((test) => [test.id, test]));
  let token: string | undefined;
  const reply = (message: Omit<RunReply, 'token'>) =>
    writeSync(REPLY_FD, `${JSON.stringify({ token, ...message })}\n`);
  const lines = createInterface({ input: process.stdin });
  // One test at a time, in the order asked.
  let queue = Promise.resolve();
  lines.on('line', (line) => {
    if (token === undefined) {
      token = line;
      return;
    }
    const request = JSON.parse(line) as RunRequest;
    queue = queue.then(async () => {
      const test = byId.get(request.id);
      reply(
        test === undefined
          ? { id: request.id, status: 'error', message: 'no such test' }
          : await runOne(test, request),
      );
    });
  });
}
