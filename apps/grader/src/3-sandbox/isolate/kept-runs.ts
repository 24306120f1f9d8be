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
// answers its first one did. Only `check` keeps runs (a student's own machine, its own folder's
// runs); `grade` runs every run of every submission, so no submission's result can come from another's.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { CACHE_ROOT, hashSources } from '../../plumbing/bundle.ts';
import { writeFileWhole } from '../../plumbing/files.ts';

/** Checks a kept run outlives unasked: a check of one file (`--only`) keeps the others' for the next. */
const GENERATIONS = 3;

type Kept = { reply: unknown; age: number };

/** One folder's runs: the last checks', read once, and this check's, written when it ends. */
export class KeptRuns {
  readonly #file: string;
  #before: Map<string, Kept> | undefined;
  readonly #now = new Map<string, unknown>();
  readonly #asked = new Map<string, number>();
  readonly #stages = new Map<string, string>();

  /**
   * The kept runs of the submission at `folder` (its real path), on this grader and Node; `sandbox`:
   * what else decides what a run can do (isolated-vm's build, the layers around the host).
   */
  constructor(folder: string, sandbox: readonly string[]) {
    const name = createHash('sha256').update(folder).digest('hex').slice(0, 32);
    this.#file = join(CACHE_ROOT, 'runs', `${name}.json`);
    this.#salt = createHash('sha256')
      .update(JSON.stringify([hashSources(), process.version, sandbox]))
      .digest('hex');
  }

  readonly #salt: string;

  /**
   * The key of a request: what it asks (without the wall time, which is the machine's), the stage it
   * reads (every file of it, as the host reads them), and how many times the same was asked before.
   */
  keyOf(request: object, stage: string | undefined): string {
    const hash = createHash('sha256').update(this.#salt).update(JSON.stringify(request));
    if (stage !== undefined) hash.update(this.#stageHash(stage));
    const same = hash.digest('hex');
    const times = this.#asked.get(same) ?? 0;
    this.#asked.set(same, times + 1);
    return `${same}:${times}`;
  }

  /** What the last check's run with this key answered, if it was kept. */
  answer(key: string): unknown {
    this.#before ??= this.#read();
    const known = this.#before.get(key)?.reply;
    if (known !== undefined) this.#now.set(key, known);
    return known;
  }

  /** A run that ended by itself: kept for the next check. */
  keep(key: string, reply: unknown): void {
    this.#now.set(key, reply);
  }

  /**
   * This check's runs, and the last checks' it did not ask for a few checks more, become what the next
   * one reads: the file holds a few checks' runs, never a semester's.
   */
  save(): void {
    this.#before ??= this.#read();
    // A check that asked for every kept run and nothing new leaves the file as it was (a few MiB
    // of the long games' output, not worth writing again).
    if (this.#now.size === this.#before.size && [...this.#before.keys()].every((key) => this.#now.has(key)))
      if ([...this.#before.values()].every((kept) => kept.age === 0)) return;
    const entries: [string, Kept][] = [...this.#now].map(([key, reply]) => [key, { reply, age: 0 }]);
    for (const [key, kept] of this.#before)
      if (!this.#now.has(key) && kept.age + 1 < GENERATIONS)
        entries.push([key, { ...kept, age: kept.age + 1 }]);
    try {
      mkdirSync(dirname(this.#file), { recursive: true });
      writeFileWhole(this.#file, JSON.stringify(entries));
    } catch {
      // Only the next check's time is lost.
    }
  }

  #read(): Map<string, Kept> {
    if (!existsSync(this.#file)) return new Map();
    try {
      const entries = JSON.parse(readFileSync(this.#file, 'utf8')) as unknown;
      if (!Array.isArray(entries)) return new Map();
      return new Map(
        entries.filter(
          (entry): entry is [string, Kept] =>
            Array.isArray(entry) &&
            typeof entry[0] === 'string' &&
            typeof entry[1]?.reply === 'object' &&
            entry[1].reply !== null &&
            typeof entry[1].age === 'number',
        ),
      );
    } catch {
      return new Map();
    }
  }

  /** Every file of a stage, by name: a stage is written whole before its first run and never changes. */
  #stageHash(dir: string): string {
    let known = this.#stages.get(dir);
    if (known === undefined) {
      const hash = createHash('sha256');
      for (const name of readdirSync(dir).sort())
        hash
          .update(name)
          .update('\0')
          .update(readFileSync(join(dir, name)))
          .update('\0');
      known = hash.digest('hex');
      this.#stages.set(dir, known);
    }
    return known;
  }
}
