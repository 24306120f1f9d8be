// The isolate host as a phase uses it: each run a fresh V8 isolate in one sandboxed host process. What
// one run leaves (globals, patched built-ins, module state) is gone in the next; student code finds
// no Node API, only the library made inside; chance and timers repeat; limits stop a run, not the host.
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IsolateSandbox, isolatesSupport } from '../../src/3-sandbox/isolate/client.ts';
import type { Limits } from '../../src/kit/assignment.ts';

const limits: Limits = {
  testTimeoutMs: 20_000,
  programTimeoutMs: 10_000,
  heapMb: 64,
  outputBytes: 64 * 1024,
} as Limits;

let root: string;
let sandbox: IsolateSandbox;
let stages = 0;

/** A stage of its own holding `modules` (name -> JavaScript) and case files. */
function stage(modules: Record<string, string>): string {
  const dir = join(root, `stage-${stages++}`);
  mkdirSync(dir);
  for (const [name, text] of Object.entries(modules)) writeFileSync(join(dir, name), text);
  return dir;
}

const run = (dir: string, stdin = '', cpuLimitMs = 2000) =>
  sandbox.program({ dir, entry: 'main.mjs', argv: ['7'], stdin, cpuLimitMs, wallMs: 10_000 });

const printed = async (source: string, stdin = '') =>
  (await run(stage({ 'main.mjs': source }), stdin)).stdout.toString('utf8');

beforeAll(() => {
  // PITBOSS_ISOLATES=off runs every test here on the fallback: node:vm contexts, one process a run.
  if (!('path' in isolatesSupport()) && process.env.PITBOSS_ISOLATES !== 'off')
    throw new Error('isolated-vm does not load here');
  root = mkdtempSync(join(tmpdir(), 'pitboss-isolates-'));
  chmodSync(root, 0o711);
  sandbox = new IsolateSandbox({ workDir: root, workRoot: root, limits, size: 1 });
});

afterAll(() => {
  sandbox.close();
  rmSync(root, { recursive: true, force: true });
});

describe('each run is a fresh isolate', () => {
  it("a run's globals, patched prototypes and module state are gone in the next run", async () => {
    const dir = stage({
      'state.mjs': 'export const seen = []; export let count = 0; export function bump() { count++; }',
      'main.mjs': [
        "import { seen, bump, count } from './state.mjs';",
        "console.log([typeof globalThis.left, Array.prototype.leftBehind, typeof Object.prototype.toJSON, seen.length, count].join(' '));",
        'globalThis.left = 1;',
        "Array.prototype.leftBehind = 'yes';",
        'Object.prototype.toJSON = () => 1;',
        "JSON.stringify = () => 'forged';",
        'Math.random = () => 0.5;',
        'seen.push(1); bump();',
      ].join('\n'),
    });
    const first = await run(dir);
    const second = await run(dir);
    expect(first.stdout.toString()).toBe('undefined  undefined 0 0\n');
    expect(second.stdout.toString()).toBe(first.stdout.toString());
  });

  it('student code finds no Node API: no require, no real process, no file system beyond its case files', async () => {
    const out = await printed(
      [
        'console.log(typeof require, typeof process.binding, typeof process.dlopen, JSON.stringify(process.env), process.cwd());',
        "console.log(typeof globalThis.WebAssembly === 'object' ? 'wasm' : 'no wasm', typeof fetch, typeof setTimeout);",
      ].join('\n'),
    );
    expect(out).toBe('undefined undefined undefined {} /submission\nwasm undefined function\n');
  });

  it('an import of a module outside the library is refused in one line, before the code runs', async () => {
    const outcome = await run(
      stage({ 'main.mjs': "console.log('ran');\nimport { spawn } from 'node:child_process';" }),
    );
    expect(outcome.stdout.toString()).toBe('');
    expect(outcome.status).toBe(1);
    expect(outcome.stderr).toContain(
      "Pitboss runs your code without Node's modules: node:child_process is not available",
    );
  });

  it('a name the library does not give is refused at the import', async () => {
    const outcome = await run(
      stage({ 'main.mjs': "import { writeFileSync } from 'node:fs';\nwriteFileSync('x', 'y');" }),
    );
    expect(outcome.status).toBe(1);
    expect(outcome.stderr).toContain('writeFileSync');
  });
});

describe('the library', () => {
  it('chance and the clock repeat from run to run, and each first use is told with its file', async () => {
    const dir = stage({
      'main.mjs':
        'console.log(Math.random(), Date.now(), new Date().toISOString(), crypto.getRandomValues(new Uint8Array(4)).join());',
    });
    const first = await run(dir);
    const second = await run(dir);
    expect(second.stdout.equals(first.stdout)).toBe(true);
    expect(first.chance.map((use) => use.call).sort()).toEqual(
      ['Date.now', 'Math.random', 'crypto.getRandomValues', 'new Date()'].sort(),
    );
    expect(first.chance.every((use) => use.file === 'file:///submission/main.mjs')).toBe(true);
  });

  it('timers run in the order they are due on the run’s own clock, immediates and microtasks first', async () => {
    const out = await printed(
      [
        "setTimeout(() => console.log('t20'), 20);",
        "setTimeout(() => console.log('t10'), 10);",
        "setImmediate(() => console.log('immediate'));",
        "Promise.resolve().then(() => console.log('micro'));",
        "const i = setInterval(() => { console.log('tick'); if (++n === 2) clearInterval(i); }, 15); let n = 0;",
        "console.log('sync');",
      ].join('\n'),
    );
    expect(out).toBe('sync\nmicro\nimmediate\nt10\ntick\nt20\ntick\n');
  });

  it('stdin reads as readline lines, as a synchronous read and as case files', async () => {
    const dir = stage({
      'main.mjs': [
        "import { createInterface } from 'node:readline';",
        "import { readFileSync } from 'node:fs';",
        "console.log('cuts:', readFileSync('cuts.txt', 'utf8').trim(), 'argv:', process.argv.slice(2).join());",
        'const rl = createInterface({ input: process.stdin });',
        "rl.on('line', (line) => console.log('line', line));",
        "rl.on('close', () => console.log('closed'));",
      ].join('\n'),
      'cuts.txt': '3 9\n',
    });
    expect((await run(dir, 'hit\nstand\n')).stdout.toString()).toBe(
      'cuts: 3 9 argv: 7\nline hit\nline stand\nclosed\n',
    );
    const sync = await printed(
      [
        "import { readSync } from 'node:fs';",
        'const buffer = Buffer.alloc(4); let text = "";',
        'for (let n; (n = readSync(0, buffer, 0, 4, null)) > 0; ) text += buffer.toString("utf8", 0, n);',
        'process.stdout.write(text.toUpperCase());',
      ].join('\n'),
      'deal\nme in\n',
    );
    expect(sync).toBe('DEAL\nME IN\n');
  });

  it('exit statuses: process.exit, exitCode, and an uncaught error (1, its words on stderr)', async () => {
    expect(
      (await run(stage({ 'main.mjs': "console.log('a'); process.exit(3); console.log('b');" }))).status,
    ).toBe(3);
    expect((await run(stage({ 'main.mjs': 'process.exitCode = 4;' }))).status).toBe(4);
    const crashed = await run(
      stage({ 'main.mjs': "console.log('before');\nthrow new RangeError('no cards left');" }),
    );
    expect(crashed.status).toBe(1);
    expect(crashed.stdout.toString()).toBe('before\n');
    expect(crashed.stderr).toContain('RangeError: no cards left');
  });

  it('an unhandled rejection ends the program as Node ends it: status 1, its words on stderr, no later timer', async () => {
    for (const source of [
      "console.log('before'); setTimeout(() => console.log('later'), 0); Promise.reject(new RangeError('no cards left'));",
      "console.log('before'); setTimeout(() => console.log('later'), 5); const deal = async () => { await null; throw new RangeError('no cards left'); }; deal();",
      "console.log('before'); setTimeout(() => { Promise.reject(new RangeError('no cards left')); setTimeout(() => console.log('later'), 0); }, 1);",
    ]) {
      const outcome = await run(stage({ 'main.mjs': source }));
      expect({ status: outcome.status, stdout: outcome.stdout.toString() }).toEqual({
        status: 1,
        stdout: 'before\n',
      });
      expect(outcome.stderr).toContain('RangeError: no cards left');
    }
    const handled = await run(
      stage({
        'main.mjs': "const p = Promise.reject(new Error('x')); p.catch(() => console.log('caught'));",
      }),
    );
    expect({ status: handled.status, stdout: handled.stdout.toString() }).toEqual({
      status: 0,
      stdout: 'caught\n',
    });
  });
});

describe("the web globals Node gives a program, as Node's", () => {
  it('URL, URLSearchParams, TextEncoder, TextDecoder, structuredClone, queueMicrotask, AbortController', async () => {
    const source = [
      "const u = new URL('../cards/deck.json?seed=7&name=Ace%20of+Spades#top', 'https://Example.COM:443/a/b/c.html');",
      "console.log(u.href, u.host, u.pathname, u.search, u.hash, u.origin, u.searchParams.get('name'));",
      "u.searchParams.set('seed', '8'); u.searchParams.append('q', 'a b&c');",
      'console.log(u.href, [...u.searchParams.keys()].join());',
      "console.log(new URL('file:///submission/x y.txt').pathname, new URL('http://h:8080/p').port, URL.canParse('nope'));",
      "try { new URL('nope'); } catch (error) { console.log(error.name, error.code, error.message); }",
      "const p = new URLSearchParams({ b: '2', a: '1 + 1' }); p.sort(); console.log(p.toString(), p.size, p.has('a'));",
      "const bytes = new TextEncoder().encode('Ace ♠'); console.log(bytes.length, new TextDecoder().decode(bytes));",
      'const cyc = { when: new Date(0), seen: new Set([1, 2]), map: new Map([[1, { x: [1] }]]) }; cyc.self = cyc;',
      'const copy = structuredClone(cyc);',
      'console.log(copy !== cyc, copy.self === copy, copy.when.getTime(), [...copy.seen].join(), copy.map.get(1).x[0]);',
      'try { structuredClone(() => 1); } catch (error) { console.log(error.name); }',
      "queueMicrotask(() => console.log('microtask')); console.log('sync');",
      "const c = new AbortController(); c.signal.addEventListener('abort', () => console.log('aborted', c.signal.aborted)); c.abort();",
      'console.log(c.signal.reason.name);',
    ].join('\n');
    const node = spawnSync(process.execPath, ['--input-type=module', '-e', source], { encoding: 'utf8' });
    expect(node.stderr).toBe('');
    expect((await printed(source)).split('\n')).toEqual(node.stdout.split('\n'));
  });
});

describe('limits stop the run, and the host goes on', () => {
  it('an endless loop at its CPU limit, a heap past its limit, output past its limit', async () => {
    const loop = await run(stage({ 'main.mjs': 'for (;;) {}' }), '', 300);
    expect(loop.limit).toBe('cpu');
    const memory = await run(stage({ 'main.mjs': 'const a = []; for (;;) a.push(new Array(1e5).fill(1));' }));
    expect(memory.limit).toBe('memory');
    const output = await run(
      stage({ 'main.mjs': "const line = 'x'.repeat(1000); for (;;) console.log(line);" }),
      '',
      5000,
    );
    expect(output.limit).toBe('output');
    expect(await printed("console.log('still here')")).toBe('still here\n');
  });

  it('buffers past the memory limit end the run as out of memory, even when the code catches the failure', async () => {
    const outcome = await run(
      stage({
        'main.mjs':
          'const hoard = []; for (;;) { try { hoard.push(Buffer.alloc(16 * 1024 * 1024, 1)); } catch {} }',
      }),
    );
    expect(outcome.limit).toBe('memory');
  });

  it('a runaway recursion fails as fast as in Node, at about the same depth', async () => {
    const outcome = await run(
      stage({
        'main.mjs':
          'let depth = 0; const down = () => { depth++; down(); }; try { down(); } catch (e) { console.log(e.name, depth > 3000 && depth < 20000); }',
      }),
    );
    expect(outcome.stdout.toString()).toBe('RangeError true\n');
  });

  it('a promise loop that never yields is stopped too', async () => {
    const outcome = await run(stage({ 'main.mjs': 'for (;;) await null;' }), '', 300);
    expect(outcome.limit).toBe('cpu');
  });
});

describe("a linked run: a void method's calls wait for the next question, and the program sees no difference", () => {
  // A course file run apart: each addCard is recorded on the record channel, as a recorder's calls are.
  const hand = [
    "import { writeSync } from 'node:fs';",
    'export class Hand {',
    '  #total = 0;',
    "  addCard(card) { writeSync(3, 'addCard ' + (card === null ? 'null' : card.spot) + '\\n'); this.#total += card.spot; }",
    '  value() { return this.#total; }',
    '  totalOnceDealt() { return this.#total > 0 ? this.#total : undefined; }',
    '}',
  ].join('\n');
  const linked = (main: string) =>
    sandbox.program({
      dir: stage({ 'hand.mjs': hand, 'main.mjs': `import { Hand } from './hand.mjs';\n${main}` }),
      entry: 'main.mjs',
      argv: [],
      stdin: '',
      cpuLimitMs: 2000,
      wallMs: 10_000,
      apart: ['hand.mjs'],
    });

  it('a void method that throws on a later call throws at that call, where the program catches it', async () => {
    const outcome = await linked(
      [
        'const h = new Hand();',
        'h.addCard({ spot: 3 }); h.addCard({ spot: 4 });',
        "try { h.addCard(null); console.log('no throw'); } catch (e) { console.log('threw', e.name); }",
        'console.log(h.value());',
      ].join('\n'),
    );
    expect(outcome.stdout.toString()).toBe('threw TypeError\n7\n');
    expect(outcome.calls).toEqual(['addCard 3', 'addCard 4', 'addCard null']);
  });

  it('a method that answered undefined once answers its value later', async () => {
    const outcome = await linked(
      'const h = new Hand(); console.log(h.totalOnceDealt()); h.addCard({ spot: 2 }); console.log(h.totalOnceDealt());',
    );
    expect(outcome.stdout.toString()).toBe('undefined\n2\n');
  });

  it('many void calls in a row are sent as they pile up, and all of them run', async () => {
    const outcome = await linked(
      'const h = new Hand(); for (let i = 0; i < 20000; i++) h.addCard({ spot: 1 }); console.log(h.value());',
    );
    expect(outcome.stdout.toString()).toBe('20000\n');
  });

  it('calls still waiting when the program ends, or crashes, are in the record of calls, in order', async () => {
    const ended = await linked(
      'const h = new Hand(); h.addCard({ spot: 1 }); h.addCard({ spot: 2 }); h.addCard({ spot: 5 });',
    );
    expect(ended.calls).toEqual(['addCard 1', 'addCard 2', 'addCard 5']);
    const crashed = await linked(
      "const h = new Hand(); h.addCard({ spot: 1 }); h.addCard({ spot: 2 }); h.addCard({ spot: 5 }); throw new Error('boom');",
    );
    expect(crashed.status).toBe(1);
    expect(crashed.calls).toEqual(['addCard 1', 'addCard 2', 'addCard 5']);
  });
});
