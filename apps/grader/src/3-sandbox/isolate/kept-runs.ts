// A student's `check` again after a save: most runs are the same runs as the check before (the
// students' tests on the reference and the mutants do not read the student's code at all; a unit
// test of deck.ts does not read player.ts), and a run in an isolate is a function of what it is
// given: its modules and files, its request, seeded chance and clocks, the host's code. So the runs
// of one folder's last check are kept, each under a hash of all of that, and a run asked again with
// the same hash is answered from them instead of being run.
//
// What is kept is only what ended by itself (no limit, nothing broken): a time limit depends on the
// machine's load, so such a run is always run again. Each run that asks the same thing twice (a
// repeat to catch output that changes, the students' tests run twice to catch flaky ones) is kept
// apart by its place in the order (the first ask, the second), so a kept check compares the same two
// answers its first one did. A kept reply holds the wall time its run took (client.ts): answered
// again, the submission's budget is charged with it, so a check again fits in the budget what a
// grade fits. Only `check` keeps runs (a student's own machine, its own folder's runs); `grade` runs
// every run of every submission, so no submission's result can come from another's.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { initSync, parse } from 'es-module-lexer';
import { CACHE_ROOT, hashSources } from '../../plumbing/bundle.ts';
import { writeFileWhole } from '../../plumbing/files.ts';

/** Checks a kept run outlives unasked: a check of one file (`--only`) keeps the others' for the next. */
const GENERATIONS = 3;

/** The folder's index: each kept run's key and how many checks since one asked for it. */
type Index = [key: string, age: number][];

/**
 * One folder's runs: an index of the last checks' (read once) and each run's reply in a file of its
 * own, read only when asked and written once, when the check that ran it ends. A check again reads
 * the replies it asks for and writes nothing but the index; a save writes only the runs it changed
 * (the long games' output is a few MiB, not worth reading or writing whole on every check).
 */
export class KeptRuns {
  readonly #dir: string;
  #before: Map<string, number> | undefined;
  /** This check's runs: the text of a reply it ran (to write), or true for one answered from a kept file. */
  readonly #now = new Map<string, string | true>();
  readonly #asked = new Map<string, number>();
  readonly #stages = new Map<string, string>();

  /**
   * The kept runs of the submission at `folder` (its real path), on this grader and Node; `sandbox`:
   * what else decides what a run can do (isolated-vm's build, the layers around the host).
   */
  constructor(folder: string, sandbox: readonly string[]) {
    const name = createHash('sha256').update(folder).digest('hex').slice(0, 32);
    this.#dir = join(CACHE_ROOT, 'runs', name);
    this.#salt = createHash('sha256')
      .update(JSON.stringify([hashSources(), process.version, sandbox]))
      .digest('hex');
  }

  readonly #salt: string;

  /**
   * The key of a request: what it asks (without the wall time, which is the machine's), the stage it
   * reads, and how many times the same was asked before. Of the stage's modules, only those the run
   * can load: `roots` (the modules the host loads itself) and what they import, as a run can reach no
   * other (an isolate has no dynamic import, and no module but by import); every other file (a case's
   * files) whole. A unit test of deck.ts is then the same run after a save of player.ts. Without
   * `roots`, or where a module cannot be read for its imports, every file of the stage.
   */
  keyOf(
    request: object,
    stage: string | undefined,
    roots?: readonly string[],
    /** Text the request holds that is already JSON (an exec request's scripts): hashed as it is. */
    text?: string,
  ): string {
    const hash = createHash('sha256').update(this.#salt).update(JSON.stringify(request));
    if (text !== undefined) hash.update('\n').update(text);
    if (stage !== undefined) hash.update(this.#stageHash(stage, roots));
    const same = hash.digest('hex');
    const times = this.#asked.get(same) ?? 0;
    this.#asked.set(same, times + 1);
    return `${same}-${times}`;
  }

  /** What the last check's run with this key answered, if it was kept (and its file is whole). */
  answer(key: string): unknown {
    this.#before ??= this.#readIndex();
    if (!this.#before.has(key)) return undefined;
    const known = readReply(this.#replyFile(key));
    if (known !== undefined) this.#now.set(key, true);
    return known;
  }

  /**
   * A run that ended by itself: kept for the next check, with what it took under `field`. `line`: the
   * reply's JSON text as it came, if the caller has it (an object's text, unchanged since), written as
   * it is with the field added, rather than the reply written out again (a check keeps megabytes).
   */
  keep(key: string, reply: object, field: string, took: number, line?: string): void {
    this.#now.set(
      key,
      line?.endsWith('}') && !(field in reply)
        ? `${line.slice(0, -1)}${line === '{}' ? '' : ','}${JSON.stringify(field)}:${JSON.stringify(took)}}`
        : JSON.stringify({ ...reply, [field]: took }),
    );
  }

  /**
   * This check's runs, and the last checks' it did not ask for a few checks more, become what the next
   * one reads: the folder holds a few checks' runs, never a semester's.
   */
  save(): void {
    this.#before ??= this.#readIndex();
    const before = this.#before;
    const index: Index = [...this.#now.keys()].map((key) => [key, 0]);
    const gone: string[] = [];
    for (const [key, age] of before)
      if (this.#now.has(key)) continue;
      else if (age + 1 < GENERATIONS) index.push([key, age + 1]);
      else gone.push(key);
    // A check that asked for every kept run and ran nothing new leaves the folder as it was.
    const fresh = [...this.#now].filter(([, reply]) => reply !== true);
    if (fresh.length === 0 && gone.length === 0 && index.every(([key, age]) => before.get(key) === age))
      return;
    try {
      mkdirSync(this.#dir, { recursive: true });
      // Replies before the index: an index never names a reply that is not there.
      for (const [key, text] of fresh) if (text !== true) writeFileWhole(this.#replyFile(key), text);
      writeFileWhole(join(this.#dir, 'index.json'), JSON.stringify(index));
      for (const key of gone) rmSync(this.#replyFile(key), { force: true });
      // The whole-file form of an older grader, read by none now.
      rmSync(`${this.#dir}.json`, { force: true });
    } catch {
      // Only the next check's time is lost.
    }
  }

  #replyFile(key: string): string {
    return join(this.#dir, `${key}.json`);
  }

  #readIndex(): Map<string, number> {
    const file = join(this.#dir, 'index.json');
    if (!existsSync(file)) return new Map();
    try {
      const entries = JSON.parse(readFileSync(file, 'utf8')) as unknown;
      if (!Array.isArray(entries)) return new Map();
      return new Map(
        entries.filter(
          (entry): entry is [string, number] =>
            Array.isArray(entry) &&
            typeof entry[0] === 'string' &&
            /^[0-9a-f]{64}-\d+$/.test(entry[0]) &&
            typeof entry[1] === 'number',
        ),
      );
    } catch {
      return new Map();
    }
  }

  /**
   * The files of a stage a run with `roots` can read, by name: a stage is written whole before its
   * first run and never changes.
   */
  #stageHash(dir: string, roots: readonly string[] | undefined): string {
    const id = roots === undefined ? dir : `${dir}\0${[...roots].sort().join('\0')}`;
    let known = this.#stages.get(id);
    if (known === undefined) {
      const names = readdirSync(dir).sort();
      const read = roots === undefined ? undefined : readable(dir, names, roots);
      const hash = createHash('sha256');
      for (const name of names) {
        if (read !== undefined && name.endsWith('.mjs') && !read.has(name)) continue;
        hash
          .update(name)
          .update('\0')
          .update(readFileSync(join(dir, name)))
          .update('\0');
      }
      known = hash.digest('hex');
      this.#stages.set(id, known);
    }
    return known;
  }
}

/**
 * The stage's modules a run that loads `roots` can reach through their imports (`./x.mjs`, as the
 * host resolves them); undefined (read them all) where an import is not a plain one or a module does
 * not lex.
 */
function readable(dir: string, names: readonly string[], roots: readonly string[]): Set<string> | undefined {
  initSync();
  const present = new Set(names);
  const reached = new Set<string>();
  const next = roots.filter((root) => present.has(root));
  while (next.length > 0) {
    const name = next.pop()!;
    if (reached.has(name)) continue;
    reached.add(name);
    let imports: ReturnType<typeof parse>[0];
    try {
      [imports] = parse(readFileSync(join(dir, name), 'utf8'), name);
    } catch {
      return undefined;
    }
    for (const found of imports) {
      // A dynamic import (refused in a run, but not read here) or one by a name made at run time.
      if (found.d !== -1 || found.n === undefined) return undefined;
      if (found.n.startsWith('./') && present.has(found.n.slice(2))) next.push(found.n.slice(2));
    }
  }
  return reached;
}

/** A kept reply, read as the data from disk it is: undefined unless whole and an object. */
function readReply(file: string): object | undefined {
  try {
    const reply = JSON.parse(readFileSync(file, 'utf8')) as unknown;
    return typeof reply === 'object' && reply !== null && !Array.isArray(reply) ? reply : undefined;
  } catch {
    return undefined;
  }
}
