// The reference and the provided files are compiled once, not once a run: the build of an assignment's
// shared folder is kept beside the grader's bundles (3-sandbox/stage.ts, compileShared) and laid out
// again by the next run while every file it read is as it was; a changed file means a new build. And
// the stages a submission runs in share those files (linked, not copied), never changing them.
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { readSubmission } from '../../src/1-submission/submission.ts';
import { compileShared, stageSubmission } from '../../src/3-sandbox/stage.ts';
import { loadAssignment } from '../../src/assignment/load.ts';
import type { Assignment } from '../../src/kit/assignment.ts';
import { buildsFolder } from '../../src/plumbing/bundle.ts';
import { REPO_ROOT, scratch } from '../support.ts';

const root = scratch();
const reference = join(root, 'reference');
const provided = join(root, 'provided');
mkdirSync(reference);
mkdirSync(provided);
writeFileSync(join(provided, 'card.ts'), 'export const ACE = 1;\n');
// Not one of the assignment's files: bundled into the reference's module (as its packages are).
const helper = join(root, 'lib', 'helper.ts');
mkdirSync(join(root, 'lib'));
writeFileSync(helper, 'export const count = (n: number): number => n * 4;\n');
writeFileSync(
  join(reference, 'deck.ts'),
  `import { ACE } from './card';\nimport { count } from ${JSON.stringify(helper)};\nexport const size = (): number => count(13) + ACE - 1;\n`,
);

const assignment = {
  name: `kept-shared-${process.pid}`,
  referenceDir: reference,
  providedFiles: [{ name: 'card.ts', source: join(provided, 'card.ts') }],
  studentFiles: [{ name: 'deck.ts' }],
  transcripts: {},
} as unknown as Assignment;

/** compileShared as a fresh process has it (nothing built in memory), and how many compiles it made. */
async function sharedOnce(into: string): Promise<{ files: Map<string, string>; compiles: number }> {
  vi.resetModules();
  const { compilerHooks } = await import('../../src/3-sandbox/compiler.ts');
  const { compileShared } = await import('../../src/3-sandbox/stage.ts');
  let compiles = 0;
  compilerHooks.beforeBuild = () => {
    compiles++;
  };
  try {
    const shared = await compileShared(assignment, into);
    const files = new Map<string, string>();
    for (const entry of readdirSync(shared, { recursive: true, withFileTypes: true }))
      if (entry.isFile()) {
        const path = join(entry.parentPath, entry.name);
        files.set(path.slice(shared.length + 1), readFileSync(path, 'utf8'));
      }
    return { files, compiles };
  } finally {
    compilerHooks.beforeBuild = undefined;
  }
}

afterAll(() => {
  // The kept builds this file made (named by a hash of its temporary folder): never another's.
  for (const name of readdirSync(buildsFolder()))
    if (name.startsWith('shared-') && readFileSync(join(buildsFolder(), name), 'utf8').includes(root))
      rmSync(join(buildsFolder(), name), { force: true });
});

describe('the shared folder of an assignment, built once and kept', () => {
  it('is laid out by the next run without a compile, the same files byte for byte, and built again when any file it read changes', async () => {
    const first = await sharedOnce(join(root, 'run-1'));
    expect(first.compiles).toBe(2);
    expect([...first.files.keys()].sort()).toEqual(['provided/card.mjs', 'reference/deck.mjs']);
    expect(first.files.get('reference/deck.mjs')).toContain('n * 4');

    const again = await sharedOnce(join(root, 'run-2'));
    expect(again.compiles).toBe(0);
    expect(again.files).toEqual(first.files);

    // A file the reference imports (not itself one of the assignment's files) changed: built again.
    writeFileSync(helper, 'export const count = (n: number): number => n * 5;\n');
    const changed = await sharedOnce(join(root, 'run-3'));
    expect(changed.compiles).toBe(2);
    expect(changed.files.get('reference/deck.mjs')).toContain('n * 5');

    const keptAgain = await sharedOnce(join(root, 'run-4'));
    expect(keptAgain.compiles).toBe(0);
    expect(keptAgain.files).toEqual(changed.files);
  });
});

/** Every file of a folder, by name, as text. */
const folderText = (dir: string) =>
  new Map(readdirSync(dir).map((name) => [name, readFileSync(join(dir, name), 'utf8')]));

describe('the stages of a submission', () => {
  it("each hold the modules of their configuration, and no stage's making changes the shared files or another stage", async () => {
    // Table: a provided file (deck.ts) has a stand-in for unit tests, staged under the same name.
    const table = await loadAssignment('table');
    const folder = join(REPO_ROOT, 'fixtures/submissions/table/correct-array-hand');
    const workRoot = scratch();
    const shared = await compileShared(table, workRoot);
    const before = new Map(
      ['provided', 'unit-tests', 'reference'].map((part) => [part, folderText(join(shared, part))]),
    );
    const workDir = join(workRoot, 'submission');
    mkdirSync(workDir);
    const staging = await stageSubmission(table, readSubmission(table, folder), shared, workDir);
    const all = staging.stage('all');
    const unit = staging.stage('all', {}, { unitTests: true });
    const linked = staging.stage([table.transcripts.program]);
    const again = staging.stage('all');
    const provided = before.get('provided')!;
    const standIn = before.get('unit-tests')!.get('deck.mjs')!;
    expect(standIn).not.toBe(provided.get('deck.mjs'));
    expect(folderText(unit).get('deck.mjs')).toBe(standIn);
    for (const stage of [all, linked, again])
      expect(folderText(stage).get('deck.mjs')).toBe(provided.get('deck.mjs'));
    expect(folderText(again)).toEqual(folderText(all));
    // The driver is the student's in a linked stage; the rest the reference's.
    const player = table.studentFiles
      .find((file) => file.name !== table.transcripts.program)!
      .name.replace(/\.ts$/, '.mjs');
    expect(folderText(linked).get(player)).toBe(before.get('reference')!.get(player));
    for (const [part, files] of before) expect(folderText(join(shared, part))).toEqual(files);
  });
});
