// The isolate host as a phase uses it: a submission's runs in one sandboxed host process, sharing its
// warm isolate, each in a fresh context. What one run leaves (globals, patched built-ins, module state,
// timers, jobs, finalizers, weak references, output) is gone in the next, and costs it nothing; a run
// at a limit in a used isolate is made again in a fresh one; student code finds no Node API, only the
// library made inside; chance and timers repeat; limits stop a run, not the host. A linked run's
// course files run in a context of their own, their source out of the student's reach.
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IsolateSandbox } from '../../src/3-sandbox/isolate/client.ts';
import { isolatesSupport } from '../../src/3-sandbox/isolate/support.ts';
import type { Limits } from '../../src/kit/assignment.ts';
import { timings } from '../../src/plumbing/timings.ts';

const limits: Limits = {
  testTimeoutMs: 20_000,
  programTimeoutMs: 10_000,
  heapMb: 128,
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

describe('each run is a fresh context', () => {
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

describe("a submission's runs share one warm isolate: nothing carries from one run to the next", () => {
  /** Which isolates the runs had so far in this process (host.ts's word, counted by the client). */
  const isolates = () => ({ ...timings().isolates });
  // The next run's program: what it prints and what it costs are the same after any earlier run.
  const plain = "let n = 0; for (let i = 0; i < 1e5; i++) n += i % 7; console.log('plain', n);";

  it('what a run leaves to run later (timers, jobs, finalizers, weak references, waits, compiles) never runs, and costs the next run nothing', async () => {
    const spin = 'for (let i = 0; i < 3e9; i++) {}';
    const leaver = stage({
      'main.mjs': [
        `const spin = () => { ${spin} };`,
        'setTimeout(spin, 50);',
        'new Promise(() => {}).then(spin);',
        'const registry = new FinalizationRegistry(spin);',
        'for (let i = 0; i < 2000; i++) registry.register({ garbage: new Array(1000).fill(i) }, i);',
        'const target = { kept: 1 };',
        'const ref = new WeakRef(target);',
        'for (let i = 0; i < 2000; i++) new Array(1000).fill(i);',
        'console.log(typeof Atomics.waitAsync, ref.deref() === target, String(ref), String(registry), typeof WebAssembly.compileStreaming);',
        'const wasm = await WebAssembly.compile(new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0]));',
        'const { instance } = await WebAssembly.instantiate(new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0]));',
        "console.log('compiled in the run', wasm instanceof WebAssembly.Module, instance instanceof WebAssembly.Instance);",
        "process.stdout.write('no newline at the end');",
        "process.stderr.write('said on stderr');",
        'process.exit(0);',
      ].join('\n'),
    });
    const next = stage({ 'main.mjs': plain });
    const before = isolates();
    const left = await run(leaver);
    expect(left.stdout.toString()).toBe(
      'undefined true [object WeakRef] [object FinalizationRegistry] undefined\ncompiled in the run true true\nno newline at the end',
    );
    const after = await run(next);
    const counted = isolates();
    // The next run had the warm isolate the leaver used, not a fresh one.
    expect(counted.warm - before.warm).toBeGreaterThanOrEqual(1);
    expect(counted.again).toBe(before.again);
    // Its output is its own, and its processor time too: none of the leaver's 3e9 steps ran in it.
    const alone = new IsolateSandbox({ workDir: root, workRoot: root, limits, size: 1 });
    try {
      const fresh = await alone.program({
        dir: next,
        entry: 'main.mjs',
        argv: ['7'],
        stdin: '',
        cpuLimitMs: 2000,
        wallMs: 10_000,
      });
      expect(after.stdout.toString()).toBe(fresh.stdout.toString());
      expect(after.stderr).toBe(fresh.stderr);
      expect(after.status).toBe(0);
    } finally {
      alone.close();
    }
    expect(after.stdout.toString()).toBe('plain 299995\n');
    expect(after.limit).toBeUndefined();
    expect(after.cpuMs ?? 0).toBeLessThan(1000);
  });

  it('a run that reaches its memory limit in a used isolate is made again in a fresh one, and that outcome counts', async () => {
    const bomb = stage({ 'main.mjs': 'const a = []; for (;;) a.push(new Array(1e5).fill(1));' });
    // After a run at its memory limit the isolate is a new one, whatever earlier tests left in the heap.
    await run(bomb);
    const before = isolates();
    await run(stage({ 'main.mjs': plain }));
    const memory = await run(bomb);
    expect(memory.limit).toBe('memory');
    expect(isolates().again - before.again).toBe(1);
    // The next run at its memory limit, in the new isolate made for it, counts at once.
    const again = await run(bomb);
    expect(again.limit).toBe('memory');
    expect(isolates().again - before.again).toBe(1);
    // A run at its processor limit counts where it ran: its processor time is its own, from its start.
    await run(stage({ 'main.mjs': plain }));
    const loop = await run(stage({ 'main.mjs': 'for (;;) {}' }), '', 300);
    expect(loop.limit).toBe('cpu');
    expect(isolates().again - before.again).toBe(1);
    expect(await printed("console.log('still here')")).toBe('still here\n');
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

describe("a run's stdout", () => {
  it('is the bytes of its writes in order, whatever mix of text and bytes they are', async () => {
    // Text only is read out joined; any bytes among it, chunk by chunk: the same bytes either way.
    const writeArb = fc.oneof(
      fc.string({ unit: 'grapheme', maxLength: 8 }).map((text) => ({ text })),
      fc.uint8Array({ maxLength: 6 }).map((bytes) => ({ bytes: [...bytes] })),
    );
    // Twenty lists of writes drawn with a fixed seed, and two written out (text only; bytes first), in one
    // run; then the same text alone, in another.
    const mixes = fc.sample(fc.array(writeArb, { maxLength: 6 }), { seed: 7, numRuns: 20 });
    const writes = [...mixes, [{ text: 'a' }, { text: 'b' }], [{ bytes: [0xff, 0x00] }, { text: 'é' }]];
    const outcome = await run(
      stage({
        'main.mjs': `const writes = ${JSON.stringify(writes.flat())};\nfor (const w of writes) process.stdout.write(w.text ?? new Uint8Array(w.bytes));`,
      }),
    );
    const expected = Buffer.concat(
      writes
        .flat()
        .map((w) => ('text' in w ? Buffer.from(w.text as string, 'utf8') : Buffer.from(w.bytes as number[]))),
    );
    expect(outcome.stdout).toEqual(expected);
    const textOnly = writes.flat().filter((w) => 'text' in w);
    const joined = await run(
      stage({
        'main.mjs': `for (const w of ${JSON.stringify(textOnly)}) process.stdout.write(w.text);`,
      }),
    );
    expect(joined.stdout.toString('utf8')).toBe(textOnly.map((w) => w.text).join(''));
  });
});

describe("the library's fs.writeSync", () => {
  it("answers the bytes written, as Node's Buffer.byteLength counts them, for any text: lone surrogates too", async () => {
    const textArb = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 12 }),
      fc.string({
        unit: fc.constantFrom('a', '\u00e9', '\u20ac', '\ud83c', '\udca1', '\ud83c\udca1'),
        maxLength: 8,
      }),
    );
    const texts = [
      ...fc.sample(textArb, { numRuns: 200, seed: 7 }),
      '',
      'plain',
      '\ud800',
      'a\udc00b',
      '\ud83c\udca1',
      '\udca1\ud83c',
    ];
    const outcome = await run(
      stage({
        'main.mjs': `import { writeSync } from 'node:fs';\nconst counts = ${JSON.stringify(texts)}.map((text) => writeSync(1, text));\nconsole.error(JSON.stringify(counts));`,
      }),
    );
    expect(JSON.parse(outcome.stderr)).toEqual(texts.map((text) => Buffer.byteLength(text)));
    expect(outcome.stdout).toEqual(Buffer.from(texts.join(''), 'utf8'));
  });
});

describe("a linked run: the program's calls reach the course's objects as it makes them", () => {
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

  it('a method that throws on a later call throws at that call, where the program catches it', async () => {
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

  it('many calls in a row all run, in order', async () => {
    const outcome = await linked(
      'const h = new Hand(); for (let i = 0; i < 20000; i++) h.addCard({ spot: 1 }); console.log(h.value());',
    );
    expect(outcome.stdout.toString()).toBe('20000\n');
  });

  it("a call's values reach the course's side as they were, and its answers come back as they were", async () => {
    // The course's side tells what each call got, by type and value, on the record channel; a call's
    // answer is a value of each kind the bridge carries apart (a string, an object of its own, a function).
    const echo = [
      "import { writeSync } from 'node:fs';",
      'const told = (v) => v === null ? "null" : typeof v === "object" ? (v instanceof Box ? "box " + v.n : "data " + JSON.stringify(v)) : typeof v + " " + (Object.is(v, -0) ? "-0" : String(v));',
      'export class Box {',
      '  constructor(n) { this.n = n; }',
      "  take(...values) { writeSync(3, 'take ' + values.map(told).join(', ') + '\\n'); }",
      "  give(...values) { writeSync(3, 'give ' + values.map(told).join(', ') + '\\n'); return values.length; }",
      "  word() { return 'a \\u00e9 word'; }",
      '  next() { return new Box(this.n + 1); }',
      '  get size() { return this.n; }',
      '}',
    ].join('\n');
    const calls = [
      '1, "two", true',
      'b, 2.5, "", false',
      'NaN, -0, Infinity',
      'null, undefined',
      '{ spot: 3, suit: "Hearts" }, [1, "x"]',
      '1, 2, 3, 4, 5',
      'b, b.next(), "s"',
      '"\\u{1F0A1}", "tab\\there"',
    ];
    const main = [
      "import { Box } from './box.mjs';",
      'const b = new Box(1);',
      // Each call made twice: the second finds the method already known.
      ...calls.flatMap((values) => [`b.take(${values});`, `b.take(${values});`]),
      ...calls.map((values) => `console.log(b.give(${values}));`),
      'console.log(b.word(), b.next().next().size, typeof b.next, b.next() instanceof Box);',
    ].join('\n');
    const outcome = await sandbox.program({
      dir: stage({ 'box.mjs': echo, 'main.mjs': main }),
      entry: 'main.mjs',
      argv: [],
      stdin: '',
      cpuLimitMs: 2000,
      wallMs: 10_000,
      apart: ['box.mjs'],
    });
    expect(outcome.status, outcome.stderr).toBe(0);
    const told = [
      'number 1, string two, boolean true',
      'box 1, number 2.5, string , boolean false',
      // -0 crosses as 0, as it always has (JSON's word for it).
      'number NaN, number 0, number Infinity',
      'null, undefined undefined',
      'data {"spot":3,"suit":"Hearts"}, data [1,"x"]',
      'number 1, number 2, number 3, number 4, number 5',
      'box 1, box 2, string s',
      'string \u{1F0A1}, string tab\there',
    ];
    expect(outcome.calls).toEqual([
      ...told.flatMap((line) => [`take ${line}`, `take ${line}`]),
      ...told.map((line) => `give ${line}`),
    ]);
    // How many values each `give` got, then a string, a count read through two new objects, a method, a class.
    expect(outcome.stdout.toString()).toBe('3\n4\n3\n2\n2\n5\n3\n2\na \u00e9 word 3 function true\n');
  });

  it('the calls made before the program ends, or crashes, are in the record of calls, in order', async () => {
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

describe("a linked run: the course's files run beside the program, their source out of its reach", () => {
  // A course file with a mark in its text, its comments and its names: none may reach the program.
  const secret = [
    '// SECRET-COMMENT of the reference',
    "const SECRET_TEXT = 'SECRET-STRING';",
    'export class Hand {',
    '  #cards = [];',
    '  addCard(card) { this.#cards.push(card.spot); }',
    '  value() { return this.#cards.reduce((a, b) => a + b, 0); }',
    "  explode() { throw new RangeError('bad card'); }",
    '  secretHelperName() { return SECRET_TEXT.length; }',
    '}',
    'export function dealSecretly() { return SECRET_TEXT.length; }',
  ].join('\n');
  const probe = `
import { Hand, dealSecretly } from './hand.mjs';
const seen = [];
const tryIt = (what, f) => {
  try { seen.push(what + ': ' + String(f())); } catch (e) { seen.push(what + ' threw ' + String(e && e.stack)); }
};
const h = new Hand(); h.addCard({ spot: 10 });
// Every way to text a function can take.
tryIt('class', () => Hand.toString());
tryIt('class via Function', () => Function.prototype.toString.call(Hand));
tryIt('function', () => String(dealSecretly));
tryIt('method', () => h.addCard.toString());
tryIt('method of the prototype', () => Object.getPrototypeOf(h).constructor.toString());
tryIt('constructor', () => h.constructor.toString());
tryIt('names', () => JSON.stringify([Object.getOwnPropertyNames(h), Reflect.ownKeys(Object.getPrototypeOf(h)), Object.keys(h)]));
tryIt('json', () => JSON.stringify(h));
tryIt('descriptor', () => JSON.stringify(Object.getOwnPropertyDescriptor(h, 'addCard')));
tryIt('realm', () => h.constructor.constructor('return globalThis')() === globalThis);
tryIt('globals', () => Object.getOwnPropertyNames(globalThis).filter((name) => name.startsWith('__') && globalThis[name] !== undefined).join(','));
// What the reference throws, with the program's own stack formatter installed.
Error.prepareStackTrace = (error, sites) => sites.map((site) => [site.getFileName(), site.getFunctionName(), site.getTypeName(), String(site.getFunction && site.getFunction()), String(site.getThis && site.getThis())].join('|')).join(' ; ');
tryIt('thrown', () => { try { h.explode(); } catch (e) { return [e.name, e.message, e.stack, e instanceof Error].join(' / '); } });
// A call at the edge of the stack: the reference's code overflows in its realm; what reaches the program is its own.
let depth = 0;
const down = () => { depth++; h.value(); down(); };
tryIt('overflow', () => { try { down(); } catch (e) { return [e.name, e.message, e.constructor === RangeError, e.constructor.constructor('return globalThis')() === globalThis, e.stack].join(' / '); } });
tryIt('after the overflow', () => h.value());
console.log(seen.join(String.fromCharCode(10)));
`;

  it("every built-in and prototype the program can patch sees only its own realm's values, whatever the calls carry", async () => {
    // The course's side: plain data, a class of its own, lists, a getter, a provided-style error, value exports.
    const course = [
      'export class Card { constructor(spot) { this.spot = spot; } worth() { return this.spot; } }',
      'export class Hand {',
      '  #cards = [];',
      '  addCard(card) { this.#cards.push(typeof card.spot === "number" ? card.spot : -1); }',
      '  many(...values) { return values.length + ":" + JSON.stringify(values.map((v) => v && v.spot !== undefined ? v.spot : v)); }',
      '  cards() { return this.#cards.map((spot) => ({ spot, tags: [spot, "x"] })); }',
      '  top() { return new Card(this.#cards[0]); }',
      '  get size() { return this.#cards.length; }',
      "  explode() { throw new RangeError('bad card'); }",
      '}',
      'export const RULES = { most: 21, names: ["ace"] };',
      'export const FIRST = new Card(1);',
      'export function total(a, b) { return a + b; }',
    ].join('\n');
    const probe = `
import { Card, Hand, RULES, FIRST, total } from './course.mjs';
const apply = Reflect.apply;
// Noted where no prototype can answer (the list's items are traps too): an object without one.
const seen = Object.create(null);
let count = 0;
let noting = true;
const wheres = Object.create(null);
let where = '';
const note = (value) => { if (noting && value !== null && (typeof value === 'object' || typeof value === 'function')) { wheres[count] = where; seen[count++] = value; } };
// Every method of every built-in the bridge could use, wrapped: each sees its this and its arguments noted.
const wrap = (owner, key) => {
  let original;
  try { original = owner[key]; } catch { return; }
  if (typeof original !== 'function') return;
  const wrapped = function (...args) { where = String(key); note(this); for (let i = 0; i < args.length; i++) note(args[i]); return new.target ? Reflect.construct(original, args, new.target) : apply(original, this, args); };
  try { Object.defineProperty(owner, key, { __proto__: null, value: wrapped, writable: true, configurable: true }); } catch {}
};
for (const owner of [Object, Array, Reflect, JSON, Number, String, Symbol, Math, Promise,
  Object.prototype, Array.prototype, Function.prototype, String.prototype, Number.prototype,
  Map.prototype, WeakMap.prototype, Set.prototype, WeakSet.prototype, Promise.prototype, Error.prototype, RegExp.prototype])
  for (const key of Reflect.ownKeys(owner)) if (key !== 'constructor' && key !== 'prototype') wrap(owner, key);
// Getters and setters on the prototypes for the names a bridge reads and writes, and list items 0 to 9.
const trap = (owner, key) => {
  Object.defineProperty(owner, key, {
    __proto__: null,
    get() { where = 'get ' + String(key); note(this); return undefined; },
    set(value) { where = 'set ' + String(key); note(this); note(value); Object.defineProperty(this, key, { __proto__: null, value, writable: true, enumerable: true, configurable: true }); },
    configurable: true,
  });
};
for (const key of ['value', 'get', 'set', 'has', 'ownKeys', 'thrown', 'name', 'message', 'provided', 'overflow', 'spot', 'tags', 'most', 'names', 'length'])
  if (!Object.hasOwn(Object.prototype, key)) trap(Object.prototype, key);
for (let i = 0; i < 10; i++) trap(Array.prototype, String(i));
const lines = [];
const say = (what, f) => { try { lines.push(what + ' ' + JSON.stringify(f())); } catch (e) { lines.push(what + ' threw ' + e.name + ' ' + e.message); } };
class Mine { get spot() { return 7; } }
const h = new Hand();
say('add', () => { h.addCard({ spot: 10 }); h.addCard(new Mine()); h.addCard(FIRST); return h.size; });
say('many', () => h.many(1, 'two', { spot: 3 }, [4, FIRST], null, undefined, h.top()));
say('cards', () => h.cards());
say('top', () => [h.top().worth(), h.top() instanceof Card]);
say('exports', () => [RULES, FIRST.worth(), total(2, 3)]);
say('set', () => { h.label = 'x'; return h.label; });
say('explode', () => h.explode());
// A getter of the program's that makes a call of its own while its value is copied for another call.
class Sneaky { get spot() { h.addCard({ spot: 2 }); return 5; } }
say('within a call', () => [h.many(FIRST, new Sneaky()), h.size]);
say('refused', () => h.addCard(() => 1));
// Anything noted that is not of this realm: an object whose prototypes end elsewhere, a function that is not this realm's.
noting = false;
// (Function.prototype is a function of this realm whose prototype is Object.prototype.)
const foreign = (value) => {
  let proto = value;
  for (let i = 0; i < 64 && proto !== null; i++) {
    if (proto === Object.prototype) return false;
    proto = Object.getPrototypeOf(proto);
  }
  return proto === null && Object.getPrototypeOf(value) !== null;
};
let foreigners = 0;
for (let i = 0; i < count; i++) if (foreign(seen[i])) { foreigners++; lines.push('seen by ' + wheres[i]); }
console.log(lines.join(String.fromCharCode(10)));
console.log('noted ' + (count > 100) + ', foreign ' + foreigners);
`;
    const outcome = await sandbox.program({
      dir: stage({ 'course.mjs': course, 'main.mjs': probe }),
      entry: 'main.mjs',
      argv: [],
      stdin: '',
      cpuLimitMs: 5000,
      wallMs: 20_000,
      apart: ['course.mjs'],
    });
    const said = `${outcome.stdout.toString()}\n${outcome.stderr}`;
    expect(outcome.status, said).toBe(0);
    expect(outcome.stdout.toString().split('\n')).toEqual([
      'add 3',
      'many "7:[1,\\"two\\",3,[4,{\\"spot\\":1}],null,null,10]"',
      'cards [{"spot":10,"tags":[10,"x"]},{"spot":7,"tags":[7,"x"]},{"spot":1,"tags":[1,"x"]}]',
      'top [10,true]',
      'exports [{"most":21,"names":["ace"]},1,5]',
      'set "x"',
      'explode threw RangeError bad card',
      'within a call ["2:[1,5]",4]',
      "refused threw TypeError a function cannot be passed to the course's files in a linked run: only data and their own objects",
      'noted true, foreign 0',
      '',
    ]);
  });

  it('no text, name, stack or realm of the reference reaches the program, by any channel it can try', async () => {
    const outcome = await sandbox.program({
      dir: stage({ 'hand.mjs': secret, 'main.mjs': probe }),
      entry: 'main.mjs',
      argv: [],
      stdin: '',
      cpuLimitMs: 5000,
      wallMs: 20_000,
      apart: ['hand.mjs'],
    });
    const said = `${outcome.stdout.toString()}\n${outcome.stderr}`;
    expect(outcome.status, said).toBe(0);
    for (const mark of [
      'SECRET',
      '#cards',
      'reduce',
      'secretHelperName',
      'this.#',
      'bridge-reference',
      'reference.mjs',
    ])
      expect(said).not.toContain(mark);
    const lines = outcome.stdout.toString().trim().split('\n');
    const line = (what: string) => lines.find((each) => each.startsWith(`${what}: `)) ?? `${what}: (none)`;
    // Stand-ins: the text of the program's side, never the course's.
    expect(line('class')).toMatch(/^class: function \(this, \.\.\.values\)|^class: function/);
    expect(line('realm')).toBe('realm: true');
    // The host's two frozen doors, nothing of the reference's (its one function was taken and cleared).
    expect(line('globals')).toBe('globals: __pitboss,__pitbossStandIns');
    expect(line('json')).toBe('json: {}');
    expect(line('descriptor')).toBe('descriptor: undefined');
    // The reference's error as the program's own: its name and message, nothing else of the reference.
    expect(line('thrown')).toMatch(/^thrown: RangeError \/ bad card \/ .* \/ true$/s);
    // The overflow in the reference's code reaches the program as its own realm's RangeError.
    expect(line('overflow')).toMatch(
      /^overflow: RangeError \/ Maximum call stack size exceeded \/ true \/ true \/ /,
    );
    expect(line('after the overflow')).toBe('after the overflow: 10');
  });
});
