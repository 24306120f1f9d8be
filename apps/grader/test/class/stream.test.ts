// A class's results streamed through disk (issue 21, item 5): the batch file, the class report and the
// gradebook written one entry at a time are the bytes writeBatchFiles writes holding them all; the
// writers pull the next report only once the last one is written; the reports on stdout likewise.
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { boundReport } from '../../src/0-results/bounds.ts';
import { type Report, SCHEMA_VERSION } from '../../src/0-results/report.ts';
import { readSubmission } from '../../src/1-submission/submission.ts';
import { FORMATS, type Format, render, renderAll, writeAll } from '../../src/6-reports/index.ts';
import { renderJunit } from '../../src/6-reports/junit.ts';
import { loadAssignment } from '../../src/assignment/load.ts';
import { privateFolder } from '../../src/assignment/private-part.ts';
import {
  BATCH_FILE,
  type BatchEntry,
  batchEntry,
  batchHead,
  CLASS_REPORT,
  GRADEBOOK,
  newBatch,
  type RunIdentity,
  writeBatchFiles,
  writeBatchFilesStreaming,
} from '../../src/class/batch.ts';
import { mergeBatches, readBatch } from '../../src/class/merge.ts';
import { hashFolder, ResultStore } from '../../src/class/results.ts';
import { Spool } from '../../src/class/spool.ts';
import { CORRECT, pitbossHere, scratch, testResult as test } from '../support.ts';

/** A submission's report: `failing` of its tests fail, one of its mutants survives its tests. */
function report(name: string, failing: number): Report {
  const tests = [
    ...Array.from({ length: 8 }, (_, i) =>
      test({
        id: `deck.t${i}`,
        name: `deals card ${i}`,
        visibility: i % 3 === 0 ? 'hidden' : 'visible',
        ...(i < failing
          ? { status: i === 2 ? 'timeout' : 'failed', score: 0, message: `wrong ${'x'.repeat(500)}` }
          : {}),
      }),
    ),
    test({ id: 'hand.total', name: 'totals a hand', file: 'hand.ts', score: 2, maxScore: 2 }),
    test({
      id: 'mutant:deck.reset',
      name: 'mutant deck.reset',
      kind: 'mutant',
      status: failing % 2 === 0 ? 'passed' : 'failed',
      score: 0,
      maxScore: 0,
      mutant: { id: 'deck.reset', description: 'reset keeps the order', status: 'killed', killedBy: [] },
    }),
  ];
  const part = (file: string) => {
    const mine = tests.filter((t) => t.file === file);
    return {
      file,
      score: mine.reduce((sum, t) => sum + t.score, 0),
      maxScore: mine.reduce((sum, t) => sum + t.maxScore, 0),
    };
  };
  return {
    schemaVersion: SCHEMA_VERSION,
    tool: { name: 'pitboss', version: '0.1.0' },
    assignment: { name: 'stream-test', title: 'Blackjack', version: '1' },
    mode: 'grade',
    seed: 7,
    submission: { name, path: `/subs/${name}`, hash: '0'.repeat(64) },
    score: tests.reduce((sum, t) => sum + t.score, 0),
    maxScore: tests.reduce((sum, t) => sum + t.maxScore, 0),
    parts: [part('deck.ts'), part('hand.ts')],
    studentTests: { cases: [], exposed: 0, mutants: 0 },
    loadErrors: [],
    tests,
  };
}

/** Twenty submissions: some failing more than the class page names, one the grader could not grade. */
const NAMES = Array.from({ length: 20 }, (_, i) => `${String(i).padStart(2, '0')}-student-é${i}`);
const entries = (): BatchEntry[] =>
  NAMES.map((name, order) =>
    order === 5
      ? { order, name, error: `the sandbox did not start ${'!'.repeat(100)}` }
      : { order, name, report: report(name, order % 5) },
  );

const run = (secret: string): RunIdentity => ({
  tool: '0.1.0',
  sources: 'sources',
  assignment: 'stream-test',
  version: '1',
  mode: 'grade',
  format: 'json',
  only: undefined,
  limits: { testTimeoutMs: 1000 },
  secret,
  files: { 'apps/grader/src/class/batch.ts': '0123456789abcdef' },
});

function privatePart(): string {
  const dir = join(scratch(), 'private');
  mkdirSync(dir);
  writeFileSync(join(dir, 'mutants.json'), '{"mutants":[]}');
  return dir;
}

const files = (dir: string) =>
  Object.fromEntries(
    [BATCH_FILE, CLASS_REPORT, GRADEBOOK].map((name) => [name, readFileSync(join(dir, name))]),
  );

describe('the class files written one entry at a time', () => {
  for (const keyed of [false, true]) {
    it(`are writeBatchFiles' bytes, read back from a spool (${keyed ? 'keyed by a private part' : 'unkeyed'})`, () => {
      const privateDir = keyed ? privatePart() : undefined;
      const identity = run(hashFolder(privateDir));
      const shard = { index: 1, count: 1 };
      const whole = scratch();
      writeBatchFiles(whole, newBatch(identity, shard, NAMES.length, entries()), { privateDir });

      // As grading.ts does: each entry spooled as it finishes (in any order), read back in order.
      const streamed = scratch();
      const spool = new Spool(() => streamed);
      const list = entries();
      for (const i of [...list.keys()].reverse()) spool.put(i, batchEntry(list[i]!));
      function* back() {
        for (const i of list.keys()) yield spool.get<BatchEntry>(i)!;
      }
      writeBatchFilesStreaming(streamed, batchHead(identity, shard, NAMES.length), back(), { privateDir });
      spool.remove();

      expect(files(streamed)).toEqual(files(whole));
      // What merge reads and verifies, and nothing else is left in the folder.
      expect(readBatch(streamed).submissions).toHaveLength(NAMES.length);
      expect(mergeBatches([streamed], { privateDir }).submissions).toHaveLength(NAMES.length);
      expect(readdirSync(streamed).sort()).toEqual([BATCH_FILE, GRADEBOOK, CLASS_REPORT].sort());
      // The page names the first failing few and counts the rest, as it did from every report.
      expect(readFileSync(join(streamed, CLASS_REPORT), 'utf8')).toContain(' more</td>');
    });
  }

  it('pull the next entry only once the last is in the batch file: no class is held', () => {
    const out = scratch();
    const list = entries();
    const seen: number[] = [];
    function* pulled() {
      for (const [i, entry] of list.entries()) {
        // The file being written so far (beside its final name) holds every entry pulled before.
        const draft = readdirSync(out).find((name) => name.startsWith(`${BATCH_FILE}.`));
        const text = draft === undefined ? '' : readFileSync(join(out, draft), 'utf8');
        if (i > 0) expect(text).toContain(JSON.stringify(list[i - 1]!.name));
        seen.push(i);
        yield entry;
      }
    }
    writeBatchFilesStreaming(out, batchHead(run('none'), { index: 1, count: 1 }, NAMES.length), pulled());
    expect(seen).toHaveLength(NAMES.length);
  });

  it('leave nothing half-written when an entry cannot be read', () => {
    const out = scratch();
    function* failing() {
      yield entries()[0]!;
      throw new Error('the disk went away');
    }
    expect(() =>
      writeBatchFilesStreaming(out, batchHead(run('none'), { index: 1, count: 1 }, 2), failing()),
    ).toThrow('the disk went away');
    expect(readdirSync(out)).toEqual([]);
  });
});

describe('reports on stdout written one at a time', () => {
  const reports = entries().flatMap((entry) => (entry.report === undefined ? [] : [entry.report]));
  /** What stdout showed when every report was held: one document of them all, as it was defined. */
  const reference = (chosen: Report[], format: Format): string => {
    if (format === 'json')
      return `${JSON.stringify(chosen.length === 1 ? boundReport(chosen[0]!) : chosen.map(boundReport), null, 2)}\n`;
    if (format === 'junit') {
      // Each report's own document without its head and tail, under the counts of every test.
      const tests = chosen.flatMap((r) => r.tests);
      const failures = tests.filter((t) => t.status === 'failed').length;
      const errors = tests.filter((t) => t.status !== 'passed' && t.status !== 'failed').length;
      const suites = chosen.flatMap((r) => render(r, 'junit', false).split('\n').slice(2, -2));
      return `${[
        '<?xml version="1.0" encoding="UTF-8"?>',
        `<testsuites tests="${tests.length}" failures="${failures}" errors="${errors}" skipped="0">`,
        ...suites,
        '</testsuites>',
      ].join('\n')}\n`;
    }
    return chosen.map((r) => render(r, format, false)).join('');
  };
  for (const format of FORMATS)
    for (const count of [0, 1, 2, 5]) {
      it(`${format}, ${count} report${count === 1 ? '' : 's'}: the text of them all at once`, () => {
        const chosen = reports.slice(0, count);
        let text = '';
        writeAll(
          () => chosen,
          count,
          format,
          false,
          (piece) => {
            text += piece;
          },
        );
        expect(text).toBe(reference(chosen, format));
        expect(renderAll(chosen, format, false)).toBe(text);
      });
    }

  it('json: the document JSON.stringify writes for the list, and each report pulled after the last is written', () => {
    const chosen = reports.slice(0, 4);
    let text = '';
    function* pulled() {
      for (const [i, report] of chosen.entries()) {
        if (i > 0) expect(text).toContain(JSON.stringify(chosen[i - 1]!.submission.name));
        yield report;
      }
    }
    writeAll(pulled, chosen.length, 'json', false, (piece) => {
      text += piece;
    });
    expect(text).toBe(`${JSON.stringify(chosen.map(boundReport), null, 2)}\n`);
    expect(text.startsWith('[')).toBe(true);
  });

  it('junit: the counts of every test head the document, as renderJunit gives them', () => {
    const chosen = reports.slice(0, 3);
    let text = '';
    writeAll(
      () => chosen,
      chosen.length,
      'junit',
      false,
      (piece) => {
        text += piece;
      },
    );
    expect(text).toBe(renderJunit(chosen));
    expect(text).toContain(`tests="${chosen.reduce((sum, r) => sum + r.tests.length, 0)}"`);
  });
});

describe('the spool', () => {
  it('gives back each value by its place, in any order, and leaves nothing once removed', () => {
    const parent = scratch();
    const spool = new Spool(() => parent);
    expect(readdirSync(parent)).toEqual([]); // Nothing made before the first value.
    const onExit = process.listenerCount('exit');
    spool.put(2, { b: 'ü'.repeat(70_000) });
    // Removed on exit too (Ctrl-C exits through the work root's handler), until removed here.
    expect(process.listenerCount('exit')).toBe(onExit + 1);
    spool.put(0, [1, null, 'a']);
    expect(spool.get(0)).toEqual([1, null, 'a']);
    expect(spool.get(2)).toEqual({ b: 'ü'.repeat(70_000) });
    expect(spool.has(1)).toBe(false);
    expect(spool.get(1)).toBeUndefined();
    expect(readdirSync(parent)).toHaveLength(1);
    spool.remove();
    expect(readdirSync(parent)).toEqual([]);
    expect(existsSync(parent)).toBe(true);
    expect(process.listenerCount('exit')).toBe(onExit);
  });
});

describe('grade --out of a class, every report through the spool', () => {
  it('writes the class files writeBatchFiles writes from the same entries, and leaves no spool', async () => {
    // Three copies of a submission whose results are stored already (keyed as grading.ts keys them):
    // only the canary is graded, and every report goes through the spool to the batch file.
    const assignment = await loadAssignment('classic');
    const names = ['ann', 'bo', 'cy'];
    const folder = join(scratch(), 'class');
    const out = join(scratch(), 'out');
    const store = new ResultStore(out, {
      assignment: assignment.name,
      version: assignment.version,
      mode: 'grade',
      only: undefined,
      limits: assignment.limits,
      secret: hashFolder(privateFolder(undefined, assignment.name)),
    });
    for (const [i, name] of names.entries()) {
      cpSync(CORRECT, join(folder, name), { recursive: true });
      const { hash } = readSubmission(assignment, join(folder, name));
      const stored = report(name, i + 1);
      store.write({ name, hash }, { ...stored, submission: { ...stored.submission, hash } });
    }
    const graded = await pitbossHere(['grade', folder, '--out', out, '--format', 'json']);
    expect(graded.stderr).toContain(`0 graded, ${names.length} reused`);
    expect(graded.status).toBe(1);
    expect(readdirSync(out).filter((name) => name.startsWith('.pitboss-spool'))).toEqual([]);

    const batch = readBatch(out);
    expect(batch.submissions.map((entry) => entry.report?.submission.name)).toEqual(names);
    const whole = scratch();
    writeBatchFiles(whole, newBatch(batch.run, batch.shard, batch.total, batch.submissions));
    expect(files(out)).toEqual(files(whole));
  }, 300_000);
});
