// A compiled submission's own tests in the student tool, which holds no reference and no mutant: each
// `tests/<name>.cpp` compiled and linked in the sandbox with the student's own objects (those the
// submission's build made) and the provided ones, run once, passing when it exits 0. Unscored, as the
// TypeScript tool's own tests are: how well they expose bugs is scored when the course grades them.
import { chmodSync, copyFileSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { CompilerProblem } from '../../0-results/problems.ts';
import type { Report } from '../../0-results/report.ts';
import type { Submission } from '../../1-submission/submission.ts';
import {
  type Budget,
  budgetSpent,
  buildInBudget,
  compileSource,
  describeProblem,
  linkProblem,
  programName,
  runInSandbox,
  runProgram,
  type Staging,
} from '../../3-sandbox/door.ts';
import type { Assignment, Limits } from '../../kit/assignment.ts';
import { PitbossError } from '../../plumbing/errors.ts';
import { ending, passed, testFilesOf } from './native.ts';
import { screenNativeTests } from './native-screen.ts';

type StudentCase = Report['studentTests']['cases'][number];

/** CPU time one test run may use, as runNativeStudentTests gives one. */
const TEST_CPU_MS = 2000;

export async function runOwnNativeTests(
  assignment: Assignment,
  submission: Submission,
  staging: Staging,
  shared: string,
  workDir: string,
  options: {
    limits: Limits;
    limiter: (task: () => Promise<void>) => Promise<void>;
    canary: string;
    /** The submission's time budget: each test's compile and link within what is left of it. */
    budget: Budget;
  },
): Promise<Report['studentTests']> {
  const language = assignment.native!;
  const { about } = assignment.studentTests;
  const screened = screenNativeTests(assignment, submission);
  const cases: StudentCase[] = [...screened.refused];
  const tests = testFilesOf(screened.submission.snapshot.files.keys(), assignment);
  const whole = (file: string, reason: string) =>
    cases.push({ file, name: '(the whole file)', valid: false, reason });
  // The files the tests are about, and the student's helpers, as the submission's build made them.
  const studentNames = assignment.studentFiles.map((file) => file.name);
  const linked = [...about, ...[...submission.modules.keys()].filter((name) => !studentNames.includes(name))];
  const broken = linked.filter((name) => staging.problems.has(name));
  if (tests.length > 0 && broken.length > 0) {
    for (const path of tests)
      whole(path, `your code does not build (${broken.join(', ')}), so it did not run`);
    tests.length = 0;
  }
  const sources = join(workDir, 'own-test-sources');
  const objects = join(workDir, 'own-test-objects');
  const programs = join(workDir, 'own-test-programs');
  for (const dir of [sources, objects, programs]) mkdirSync(dir, { recursive: true });
  chmodSync(objects, 0o777);
  chmodSync(programs, 0o777);
  const studentObjects = join(workDir, 'objects');
  const objectsOf = [
    join(shared, 'ready.o'),
    ...linked.map((name) => join(studentObjects, `${programName(name)}.o`)),
    ...language.providedSources.map((name) => join(shared, 'provided', `${programName(name)}.o`)),
  ];
  await Promise.all(
    tests.map((path) =>
      options.limiter(async () => {
        const name = basename(path);
        writeFileSync(join(sources, name), screened.submission.snapshot.files.get(path)!);
        const spent = () =>
          whole(
            path,
            `it was not built: ${budgetSpent(options.limits.budgetMs).replace('its files were', 'its tests were')}`,
          );
        let problems: CompilerProblem[] = [];
        const compiled = await buildInBudget(options.budget, async (timeoutMs) => {
          const run = await compileSource(language, name, sources, objects, timeoutMs);
          problems = run.problems;
          return run;
        });
        if (compiled.limit === 'budget') {
          spent();
          return;
        }
        if (compiled.status !== 0) {
          const first = problems.find((problem) => problem.severity === 'error');
          const ran =
            compiled.limit === undefined ? undefined : `the compiler ran out of ${compiled.limit} on it`;
          whole(
            path,
            `it does not compile: ${ran ?? (first === undefined ? 'the compiler failed' : describeProblem(first))}`,
          );
          return;
        }
        const program = join(programs, programName(name));
        const link = await buildInBudget(options.budget, (timeoutMs) =>
          runInSandbox(
            [language.compiler, '-s', '-o', program, join(objects, `${programName(name)}.o`), ...objectsOf],
            { cwd: objects, readable: [objects, studentObjects, shared], writable: [programs], timeoutMs },
          ),
        );
        if (link.limit === 'budget') {
          spent();
          return;
        }
        if (link.status !== 0 || !existsSync(program)) {
          whole(path, `it does not link: ${linkProblem(link.stderr)}`);
          return;
        }
        // A folder of its own to start in, the program alone in it.
        const dir = join(workDir, `own-test-run-${programName(name)}`);
        mkdirSync(dir, { recursive: true });
        chmodSync(dir, 0o755);
        copyFileSync(program, join(dir, programName(name)));
        chmodSync(join(dir, programName(name)), 0o755);
        const outcome = await runProgram(join(dir, programName(name)), [], {
          cwd: dir,
          limits: options.limits,
          cpuLimitMs: TEST_CPU_MS,
          native: true,
          canary: options.canary,
        });
        if (outcome.infrastructure === true)
          throw new PitbossError('INFRASTRUCTURE', `the sandbox could not start ${path}`);
        cases.push(
          passed(outcome)
            ? { file: path, position: '1', name: programName(name), valid: true }
            : {
                file: path,
                name: programName(name),
                valid: false,
                reason: `on your code it ${ending(outcome)}`,
              },
        );
      }),
    ),
  );
  cases.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
  return { cases, exposed: 0, mutants: 0 };
}
