// A child that dies before its harness (or, for a program, the grader's preload) said it was ready
// never ran student code: its death is the machinery's (an infrastructure fault), never a student's.
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { sandboxSupport } from '../../src/3-sandbox/process/layers.ts';
import { runProgram } from '../../src/3-sandbox/process/process.ts';
import { ChildWorker } from '../../src/3-sandbox/process/worker.ts';

const dir = mkdtempSync(join(tmpdir(), 'pitboss-worker-'));
chmodSync(dir, 0o755);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const limits = { testTimeoutMs: 10_000, programTimeoutMs: 10_000, heapMb: 256, outputBytes: 1 << 20 };

/** A harness that reads its token, says it is ready (or not), then runs `after` as student code would. */
function harness(name: string, ready: boolean, after: string): string {
  const file = join(dir, name);
  writeFileSync(
    file,
    [
      "import { readSync, writeSync } from 'node:fs';",
      'const buffer = Buffer.alloc(256);',
      "const token = buffer.subarray(0, readSync(0, buffer)).toString().split('\\n')[0];",
      ready ? 'writeSync(3, JSON.stringify({ token, ready: true }) + "\\n");' : '',
      after,
    ].join('\n'),
  );
  chmodSync(file, 0o644);
  return file;
}

async function settle(script: string) {
  const worker = new ChildWorker<{ token: string; id: string }>({
    script,
    cwd: dir,
    readable: [],
    limits,
    handshake: true,
  });
  try {
    return await worker.run({ id: 'x' }, 'x', (reply) => reply.id, 10_000);
  } finally {
    worker.close();
  }
}

describe('the handshake', () => {
  it('a process that cannot start (here: its script is missing) is an infrastructure fault', async () => {
    const settled = await settle(join(dir, 'missing.mjs'));
    expect(settled).toMatchObject({ kind: 'exit', infrastructure: true });
  });

  it('a process whose work folder is gone (spawn ENOENT) is an infrastructure fault, never an unhandled error', async () => {
    const gone = mkdtempSync(join(tmpdir(), 'pitboss-gone-'));
    rmSync(gone, { recursive: true, force: true });
    const worker = new ChildWorker<{ token: string; id: string }>({
      script: harness('gone.mjs', true, ''),
      cwd: gone,
      readable: [],
      limits,
      handshake: true,
    });
    try {
      const settled = await worker.run({ id: 'x' }, 'x', (reply) => reply.id, 10_000);
      expect(settled).toMatchObject({ kind: 'exit', infrastructure: true });
      expect((settled as { message: string }).message).toMatch(/could not start: .*ENOENT/);
    } finally {
      worker.close();
    }
    const outcome = await runProgram(join(dir, 'missing.mjs'), [], { cwd: gone, limits });
    expect(outcome.infrastructure).toBe(true);
  });

  it('a process that dies before saying it is ready is an infrastructure fault', async () => {
    const settled = await settle(harness('early.mjs', false, 'process.exit(1);'));
    expect(settled).toMatchObject({ kind: 'exit', infrastructure: true });
  });

  it("a process that dies after saying it is ready is the student's: not an infrastructure fault", async () => {
    const settled = await settle(harness('late.mjs', true, 'setTimeout(() => process.exit(1), 50);'));
    expect(settled.kind).toBe('exit');
    expect((settled as { infrastructure?: boolean }).infrastructure).toBeUndefined();
  });

  it('a ready line without the token is not taken as ready', async () => {
    const file = join(dir, 'forged.mjs');
    writeFileSync(
      file,
      "import { writeSync } from 'node:fs'; writeSync(3, JSON.stringify({ token: 'guess', ready: true }) + '\\n'); process.exit(1);",
    );
    chmodSync(file, 0o644);
    expect(await settle(file)).toMatchObject({ kind: 'exit', infrastructure: true });
  });

  it('lines on the reply pipe that are JSON but no object (null, a number, a string, a list) are passed over, never a crash', async () => {
    const settled = await settle(
      harness(
        'not-objects.mjs',
        true,
        "for (const line of ['null', '42', '\"x\"', '[1]', 'true']) writeSync(3, line + '\\n');\n" +
          "writeSync(3, JSON.stringify({ token, id: 'x' }) + '\\n'); setTimeout(() => {}, 5000);",
      ),
    );
    expect(settled).toMatchObject({ kind: 'reply', reply: { id: 'x' } });
  });
});

describe('a program run that cannot start', () => {
  const layers = sandboxSupport().layers;
  const isolated = layers.has('setpriv') && layers.has('bwrap');

  it.runIf(isolated)(
    "is an infrastructure fault (here: its folder is closed to the sandbox's user), not the program's",
    async () => {
      const closed = mkdtempSync(join(tmpdir(), 'pitboss-closed-'));
      try {
        writeFileSync(join(closed, 'main.mjs'), 'console.log("hello")');
        chmodSync(closed, 0o700);
        const outcome = await runProgram(join(closed, 'main.mjs'), [], { cwd: closed, limits });
        expect(outcome.infrastructure).toBe(true);
      } finally {
        rmSync(closed, { recursive: true, force: true });
      }
    },
  );

  it('a program that throws at once is its own fault, not the machinery’s', async () => {
    const file = join(dir, 'throws.mjs');
    writeFileSync(file, 'throw new Error("mine")');
    chmodSync(file, 0o644);
    const outcome = await runProgram(file, [], { cwd: dir, limits });
    expect(outcome.status).not.toBe(0);
    expect(outcome.infrastructure).toBeUndefined();
  });
});
