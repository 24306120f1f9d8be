// The executor process: the only code that runs beside a student's modules during unit tests. It
// holds no test, no reference and no expected answer: it makes the calls a script names and sends back
// what each gave, as data. The property runner, the oracle and the comparison live in the grader's own
// process, which student code never reaches; whatever student code does to this realm (its built-ins,
// prototypes, this file's functions) can only change what its own answers look like.
import { readSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { installChance } from '../chance.ts';
import type { ExecPreamble, ExecRequest } from './calls.ts';
import { makeTextExecutor, serialize } from './executor-core.ts';
import { PROGRESS_FD, REPLY_FD } from './protocol.ts';

// Taken before any student module loads.
const apply = Reflect.apply;
const parse = JSON.parse;
const read = readSync;
const write = writeSync;
const toUtf8 = Buffer.prototype.toString;
const bufferOf = Buffer.alloc;
const indexOf = Buffer.prototype.indexOf;
const subarray = Buffer.prototype.subarray;
const concat = Buffer.concat;
const splice = Array.prototype.splice;
const sleep = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

// Chance answers alike on every run (started again before each script), and each file's first use of
// it rides on the next reply.
const chanceTold: [string, string][] = [];
const push = Array.prototype.push;
const chance = installChance((call, file) => {
  apply(push, chanceTold, [[call, file ?? '']]);
});

// A student's rejected promise must not end the process between requests: it is its own business.
process.on('unhandledRejection', () => {});

/** Reads stdin a line at a time, synchronously: no stream or event machinery a student can patch. */
function lines(): () => string | undefined {
  let pending: Buffer = bufferOf(0);
  const chunk = bufferOf(1 << 16);
  return () => {
    for (;;) {
      const end = apply(indexOf, pending, [10]) as number;
      if (end >= 0) {
        const line = apply(toUtf8, apply(subarray, pending, [0, end]), ['utf8']) as string;
        pending = apply(subarray, pending, [end + 1]) as Buffer;
        return line;
      }
      let count: number;
      try {
        count = read(0, chunk, 0, chunk.length, null);
      } catch (error) {
        if ((error as { code?: unknown }).code === 'EAGAIN') {
          sleep(1);
          continue;
        }
        return undefined;
      }
      if (count === 0) return undefined;
      pending = concat([pending, apply(subarray, chunk, [0, count]) as Buffer]);
    }
  };
}

async function serve(): Promise<void> {
  const next = lines();
  const token = next();
  const preamble = next();
  if (token === undefined || preamble === undefined) return;
  // Started: from here on, whatever happens to this process may be the student's doing.
  write(REPLY_FD, `${serialize({ token, ready: true })}\n`);
  const run = makeTextExecutor({
    provided: (parse(preamble) as ExecPreamble).provided,
    onScript: () => chance.restart(),
    onStep: (script, step) => {
      try {
        write(PROGRESS_FD, `${script}:${step}\n`);
      } catch {
        // Only a diagnosis rides on it.
      }
    },
    importModule: (file) =>
      import(pathToFileURL(join(process.cwd(), file.replace(/\.ts$/, '.mjs'))).href) as Promise<
        Record<string, unknown>
      >,
  });
  for (let line = next(); line !== undefined; line = next()) {
    const request = parse(line) as ExecRequest;
    const results = await run(request);
    const told = apply(splice, chanceTold, [0, chanceTold.length]) as [string, string][];
    write(
      REPLY_FD,
      // The reply's fields in the order they always had, the outcomes' text as the executor wrote it.
      `{"token":${serialize(token)},"id":${serialize(request.id)},"results":${results}${told.length > 0 ? `,"chance":${serialize(told)}` : ''}}\n`,
    );
  }
  process.exit(0);
}

await serve();
