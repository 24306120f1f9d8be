// A failing case written as a test a student runs on their own (`pitboss check --keep`): node:test and
// node:assert/strict, the form `pitboss init` teaches. A unit case is its calls, as TypeScript, and the
// reference's answers as literals (never the reference's code); a transcript case runs the program
// with its words and stdin and compares what it prints with the expected lines. Nothing here knows
// what the calls or the program are about: modules, functions, values, text.
import type { Encoded, WireArg, WireStep } from '../3-sandbox/children/executor/calls.ts';
import type { RecordedStep } from './recorded.ts';
import { rerunCommand } from './rerun.ts';

/** The marker every kept test carries: the grader's own test, which earns no own-tests points. */
export const KEPT_MARKER = '@pitboss-kept';

/** How a report tells a kept test, which never counts. */
export const KEPT_WORDS = 'kept from the grader (pitboss check --keep): does not count';

/** A kept test's file name in the students' tests folder: `kept.<test id>.test.ts`. */
export const keptFileName = (testId: string, suffix: string): string =>
  `kept.${testId.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^-+|-+$/g, '')}${suffix}`;

/** Whether a test file is one `check --keep` wrote: by its name, or by the marker in its header. */
export const isKeptTest = (path: string, source: string): boolean =>
  /(^|\/)kept\.[^/]*$/.test(path) || source.includes(KEPT_MARKER);

/** A case that cannot be written as a test, and why (a value no literal can hold, say). */
export class NotKeepable extends Error {
  readonly code = 'NOT_KEEPABLE';
}

/** A JavaScript expression for a value as the wire carries it; plain data only. */
export function literal(value: Encoded): string {
  if (value === null || typeof value === 'boolean') return String(value);
  if (typeof value === 'number') return Object.is(value, -0) ? '-0' : String(value);
  if (typeof value === 'string') return JSON.stringify(value);
  switch (value.$) {
    case 'undefined':
      return 'undefined';
    case 'number':
      return value.v === 'NaN' ? 'Number.NaN' : value.v === '-0' ? '-0' : value.v;
    case 'bigint':
      return `${value.v}n`;
    case 'array':
      if (value.more > 0) throw new NotKeepable('an answer too long to write down');
      return `[${value.v.map(literal).join(', ')}]`;
    case 'object':
      if (value.more > 0) throw new NotKeepable('an answer too long to write down');
      return `{ ${Object.entries(value.v)
        .map(([name, inner]) => `${JSON.stringify(name)}: ${literal(inner)}`)
        .join(', ')} }`;
    default:
      // A function, a promise, a symbol, a cycle, a string cut short: no literal says it.
      throw new NotKeepable(`an answer that is ${value.$ === 'cut' ? 'a string cut short' : `a ${value.$}`}`);
  }
}

/** Plain data (an argument as the grader sent it) as an expression. */
const dataLiteral = (value: unknown): string => {
  const text = JSON.stringify(value);
  if (text === undefined) throw new NotKeepable('an argument that is not plain data');
  return text;
};

const HELPERS = {
  frozen: `/** Arguments as the grader passes them: a frozen copy. */
const frozen = (value: unknown): any => {
  if (typeof value === 'object' && value !== null) {
    for (const inner of Object.values(value)) frozen(inner);
    Object.freeze(value);
  }
  return value;
};`,
  like: `/** What the grader compares: the same primitives, every field the expected value has (and no others judged). */
const like = (got: unknown, expected: unknown): unknown => {
  if (Array.isArray(expected) && Array.isArray(got))
    return got.length === expected.length ? got.map((item, i) => like(item, expected[i])) : got;
  if (typeof expected === 'object' && expected !== null && typeof got === 'object' && got !== null && !Array.isArray(got))
    return Object.fromEntries(Object.keys(expected).map((name) => [name, like((got as Record<string, unknown>)[name], (expected as Record<string, unknown>)[name])]));
  return got;
};`,
  isNamed: `/** Whether an error is (an instance of a class) named \`name\`. */
const isNamed = (error: unknown, name: string): boolean => {
  if (error instanceof Error && error.name === name) return true;
  for (let proto = Object.getPrototypeOf(error); proto !== null; proto = Object.getPrototypeOf(proto))
    if (proto.constructor?.name === name) return true;
  return false;
};`,
  recorder: `/** A function for the code to call, keeping each call's arguments. */
const recorder = () => {
  const calls: unknown[][] = [];
  const record = (...args: unknown[]): void => {
    calls.push(args);
  };
  return Object.assign(record, { calls });
};
/** What a recorder kept since the last take; with \`joined\`, its one-string calls as one text. */
const take = (kept: ReturnType<typeof recorder>, joined: boolean): unknown => {
  const taken = kept.calls.splice(0);
  if (joined && taken.every((args) => args.length === 1 && typeof args[0] === 'string')) return taken.join('');
  return taken;
};`,
} as const;

type Helper = keyof typeof HELPERS;

export interface KeptUnit {
  testId: string;
  /** The test's name, in the assignment's words. */
  name: string;
  /** The student file it grades. */
  file: string;
  steps: readonly RecordedStep[];
  /** The grader's words for the failure, as the report told it. */
  message: string;
  /** How to see this failure in the grader again: its counterexample, or the test (kit/rerun.ts). */
  rerun: Rerun;
}

/** Where a test file imports a submission's module from: `../deck` (as `pitboss init`'s example does). */
const importPath = (testsFolder: string, file: string): string =>
  `${'../'.repeat(testsFolder.split('/').filter(Boolean).length)}${file.replace(/\.ts$/, '')}`;

const identifier = (name: string): string => {
  if (!/^[A-Za-z_$][\w$]*$/.test(name)) throw new NotKeepable(`an export named ${JSON.stringify(name)}`);
  return name;
};

const member = (name: string): string =>
  /^[A-Za-z_$][\w$]*$/.test(name) ? `.${name}` : `[${JSON.stringify(name)}]`;

const comment = (text: string): string => text.replace(/\*\//g, '*\\/').replace(/\r?\n/g, ' ');

/** A failing unit case as a node:test file: its calls against the student's modules, the reference's answers. */
export function renderUnitTest(kept: KeptUnit, testsFolder: string, submissionName: string): string {
  const used = new Set<Helper>();
  const imports = new Map<string, Set<string>>();
  const arg = (a: WireArg): string => {
    if ('ref' in a) return `s${a.ref}`;
    used.add('frozen');
    if ('view' in a)
      return `frozen({ ${Object.entries(a.view)
        .map(([name, data]) => `${JSON.stringify(name)}: () => frozen(${dataLiteral(data)})`)
        .join(', ')} })`;
    return `frozen(${dataLiteral(a.data)})`;
  };
  const args = (list: readonly WireArg[]) => list.map(arg).join(', ');
  const expression = (wire: WireStep): string => {
    switch (wire.op) {
      case 'new':
      case 'fn': {
        const name = identifier(wire.export);
        const names = imports.get(wire.file) ?? new Set<string>();
        names.add(name);
        imports.set(wire.file, names);
        return `${wire.op === 'new' ? 'new ' : ''}${name}(${args(wire.args)})`;
      }
      case 'call':
        return `s${wire.target}${member(wire.method)}(${args(wire.args)})`;
      case 'same':
        return `s${wire.a} === s${wire.b}`;
      case 'recorder':
        used.add('recorder');
        return 'recorder()';
      case 'take':
        used.add('recorder');
        return `take(s${wire.recorder}, ${wire.text === true})`;
    }
  };
  // Only the slots a later step uses get a name: no unused variable for a strict tsconfig to reject.
  const usedSlots = new Set<number>();
  for (const { wire } of kept.steps) {
    const refs = 'args' in wire ? wire.args.flatMap((a) => ('ref' in a ? [a.ref] : [])) : [];
    if (wire.op === 'call') refs.push(wire.target);
    if (wire.op === 'same') refs.push(wire.a, wire.b);
    if (wire.op === 'take') refs.push(wire.recorder);
    for (const slot of refs) usedSlots.add(slot);
  }
  const body: string[] = [];
  for (const [i, step] of kept.steps.entries()) {
    const { wire, expect } = step;
    const bind =
      'bind' in wire && wire.bind !== undefined && usedSlots.has(wire.bind) ? wire.bind : undefined;
    const name = bind === undefined ? `v${i}` : `s${bind}`;
    body.push(`  // ${comment(step.text)}`);
    if ('throws' in expect) {
      used.add('isNamed');
      const what = expect.throws.provided ?? expect.throws.name;
      body.push(
        `  assert.throws(() => ${expression(wire)}, (error) => isNamed(error, ${JSON.stringify(what)}), ${JSON.stringify(`expected it to throw ${what}`)});`,
      );
      continue;
    }
    if ('returns' in expect) {
      body.push(bind === undefined ? `  ${expression(wire)};` : `  const ${name} = ${expression(wire)};`);
      continue;
    }
    used.add('like');
    body.push(`  const ${name} = ${expression(wire)};`);
    body.push(`  assert.deepStrictEqual(like(${name}, ${literal(expect.value)}), ${literal(expect.value)});`);
  }
  const last = kept.steps[kept.steps.length - 1];
  const title = `${kept.name}: ${last?.text ?? ''}`;
  return [
    header(kept.testId, kept.message, rerunCommand(submissionName, kept.rerun)),
    "import assert from 'node:assert/strict';",
    "import { test } from 'node:test';",
    ...[...imports]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(
        ([file, names]) =>
          `import { ${[...names].sort().join(', ')} } from '${importPath(testsFolder, file)}';`,
      ),
    '',
    ...(['frozen', 'like', 'isNamed', 'recorder'] as const)
      .filter((h) => used.has(h))
      .map((h) => `${HELPERS[h]}\n`),
    `test(${JSON.stringify(title)}, () => {`,
    ...body,
    '});',
    '',
  ].join('\n');
}

/** What a kept test's header runs again: its counterexample or its test, in the submission's folder name. */
export type Rerun = { replay: string } | { only: string };

const header = (testId: string, message: string, rerun: string): string =>
  `/**
 * ${KEPT_MARKER}: written by \`pitboss check --keep\` from the grader's check ${comment(testId)}.
 * It failed with: ${comment(message.split('\n')[0] ?? '')}
 * It is the grader's test, kept for you: it earns no points for your own tests (the rubric says so).
 * Run it with \`npx tsx --test <this file>\` (or \`npm test\`); from the folder that holds your
 * submission's folder (where you run pitboss), \`${comment(rerun)}\` shows it in the grader.
 */`;

export interface KeptTranscript {
  testId: string;
  /** The test's name (the program's words, as the report told them). */
  name: string;
  /** The program, a file of the submission (`blackjack.ts`). */
  program: string;
  words: readonly string[];
  stdin?: string | undefined;
  /** What the program must print, in full: a visible case's expected output. */
  expected: string;
  /**
   * Only the first `lines` lines are compared: through the first that differs, which is all the bug
   * needs (a 5000-hand transcript is a megabyte and more). Absent: the whole output.
   */
  lines?: number | undefined;
  message: string;
  rerun: Rerun;
}

/** A failing transcript case as a node:test file: the program run with its words (and stdin), its output compared. */
export function renderTranscriptTest(
  kept: KeptTranscript,
  testsFolder: string,
  submissionName: string,
): string {
  const up = '../'.repeat(testsFolder.split('/').filter(Boolean).length);
  const all = kept.expected.split('\n');
  const lines = kept.lines === undefined ? all : all.slice(0, kept.lines);
  const part = kept.lines === undefined ? '' : `the first ${lines.length} lines of `;
  return [
    header(kept.testId, kept.message, rerunCommand(submissionName, kept.rerun)),
    "import assert from 'node:assert/strict';",
    "import { spawnSync } from 'node:child_process';",
    "import { test } from 'node:test';",
    "import { fileURLToPath } from 'node:url';",
    '',
    "/** The submission's folder: the program runs there, as `npx tsx <program>` would. */",
    `const folder = fileURLToPath(new URL('${up || './'}', import.meta.url));`,
    '/** The TypeScript loader this test runs with (tsx), for the program too; else tsx by name. */',
    'const loaders = (): string[] => {',
    '  const args = process.execArgv.flatMap((arg, i, all) =>',
    '    /^--(import|require|loader|experimental-loader)$/.test(arg) ? [arg, all[i + 1]!] : /^--(import|require|loader|experimental-loader)=/.test(arg) ? [arg] : [],',
    '  );',
    "  return args.length > 0 ? args : ['--import', 'tsx'];",
    '};',
    '',
    `const words = ${JSON.stringify(kept.words)};`,
    ...(kept.stdin === undefined
      ? []
      : [`const stdin = ${JSON.stringify(kept.stdin.split('\n'))}.join('\\n');`]),
    'const expected = [',
    ...lines.map((line) => `  ${JSON.stringify(line)},`),
    "].join('\\n');",
    '',
    `test(${JSON.stringify(`${kept.name} prints ${part}the expected transcript`)}, () => {`,
    `  const run = spawnSync(process.execPath, [...loaders(), ${JSON.stringify(kept.program)}, ...words], {`,
    '    cwd: folder,',
    "    encoding: 'utf8',",
    ...(kept.stdin === undefined ? [] : ['    input: stdin,']),
    '    maxBuffer: 1 << 26,',
    '    // A program that never ends fails the test instead of hanging it.',
    '    timeout: 60_000,',
    '  });',
    "  assert.equal(run.error, undefined, 'the program could not be run, or ran out of time');",
    '  // Line by line, so a difference is shown where it is.',
    ...(kept.lines === undefined
      ? ["  assert.deepStrictEqual(run.stdout.split('\\n'), expected.split('\\n'));"]
      : [
          '  // Through the first line that differed: enough to show the bug.',
          `  assert.deepStrictEqual(run.stdout.split('\\n').slice(0, ${lines.length}), expected.split('\\n'));`,
        ]),
    '});',
    '',
  ].join('\n');
}
