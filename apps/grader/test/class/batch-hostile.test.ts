// One student can never hurt the class: whatever one folder holds (a pitboss.json that names another
// rule set, is no JSON, a FIFO, a folder or a link; a contract file that is a folder or a link; no
// submission at all), the class is graded by the instructor's rule set, every other submission is
// graded, and that folder gets a verdict and a gradebook row of its own.
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Report } from '../../src/0-results/report.ts';
import { CORRECT, pitboss, REPO_ROOT, scratch } from '../support.ts';

const CRUSADER = join(REPO_ROOT, 'fixtures/submissions/crusaders/correct-course-port');
const ONLY = ['--only', 'deck.new-order'];
const BIN = join(REPO_ROOT, 'apps/grader/bin/pitboss.mjs');

/** A correct submission's copy, changed by `change`. */
function correct(klass: string, name: string, change: (dir: string) => void = () => {}): string {
  const dir = join(klass, name);
  cpSync(CORRECT, dir, { recursive: true });
  rmSync(join(dir, 'pitboss.json'), { force: true });
  change(dir);
  return dir;
}

const reportOf = (out: string, name: string) =>
  JSON.parse(readFileSync(join(out, `${name}.json`), 'utf8')) as Report;

describe('a class where single folders are broken or hostile', () => {
  const klass = scratch();
  correct(klass, 'a-good');
  correct(klass, 'b-config-crusaders', (dir) =>
    writeFileSync(join(dir, 'pitboss.json'), '{ "rules": "crusaders" }\n'),
  );
  correct(klass, 'c-config-not-json', (dir) => writeFileSync(join(dir, 'pitboss.json'), '{ rules: '));
  correct(klass, 'd-config-fifo', (dir) => execFileSync('mkfifo', [join(dir, 'pitboss.json')]));
  correct(klass, 'e-config-folder', (dir) => mkdirSync(join(dir, 'pitboss.json')));
  correct(klass, 'f-config-link', (dir) => symlinkSync('/etc/shadow', join(dir, 'pitboss.json')));
  correct(klass, 'g-config-unknown-rules', (dir) =>
    writeFileSync(join(dir, 'pitboss.json'), '{ "rules": "poker" }\n'),
  );
  // Contract files that are not files, and folders that are no submission.
  mkdirSync(join(klass, 'h-deck-is-a-folder', 'deck.ts'), { recursive: true });
  mkdirSync(join(klass, 'i-deck-is-a-link'));
  symlinkSync('/etc/passwd', join(klass, 'i-deck-is-a-link', 'deck.ts'));
  mkdirSync(join(klass, 'j-no-submission'));
  writeFileSync(join(klass, 'j-no-submission', 'Deck.ts'), 'export {};\n');
  const names = [
    'a-good',
    'b-config-crusaders',
    'c-config-not-json',
    'd-config-fifo',
    'e-config-folder',
    'f-config-link',
    'g-config-unknown-rules',
    'h-deck-is-a-folder',
    'i-deck-is-a-link',
    'j-no-submission',
  ];
  const full = names.slice(0, 7);
  const out = scratch();
  // A FIFO read would hang the grader: the timeout turns that into a failure, not a stuck test.
  const run = spawnSync(
    process.execPath,
    [BIN, 'grade', klass, ...ONLY, '--format', 'json', '--out', out, '--jobs', '2'],
    { encoding: 'utf8', timeout: 120_000, env: { ...process.env, NO_COLOR: '1' } },
  );

  it('grades every submission under the classic rules, each folder with a verdict and a gradebook row', () => {
    expect(run.stderr).toContain(`${klass} holds ${names.length} submissions`);
    expect(run.status).toBe(1);
    const rows = readFileSync(join(out, 'gradebook.csv'), 'utf8').trim().split('\n').slice(1);
    expect(rows.map((row) => row.split(',')[0])).toEqual(names);
    for (const name of names) {
      const report = reportOf(out, name);
      expect(report.assignment.name).toBe('classic');
      expect(report.maxScore).toBeGreaterThan(0);
      expect(report.score).toBe(full.includes(name) ? report.maxScore : 0);
    }
  });

  it("notes a submission's pitboss.json that names another rule set, in its report and on stderr", () => {
    expect(reportOf(out, 'b-config-crusaders').submission.declaredRules).toBe('crusaders');
    expect(reportOf(out, 'a-good').submission.declaredRules).toBeUndefined();
    expect(run.stderr).toMatch(/b-config-crusaders: its pitboss.json names crusaders: graded as classic/);
    for (const name of ['c-config-not-json', 'd-config-fifo', 'e-config-folder', 'f-config-link']) {
      expect(run.stderr).toMatch(new RegExp(`${name}: its pitboss.json .*: ignored, graded as classic`));
      expect(reportOf(out, name).notes?.[0]).toMatch(/ignored, graded as classic/);
    }
  });

  it('says why a folder that is no gradable submission scores 0, never reading what a link points to', () => {
    expect(reportOf(out, 'j-no-submission').loadErrors[0]?.message).toMatch(/is not a submission/);
    const link = JSON.stringify(reportOf(out, 'i-deck-is-a-link'));
    expect(link).not.toContain('root:x:0:0');
  });
});

describe("the rule set is the instructor's", () => {
  it("is the class folder's own pitboss.json, whatever its submissions' say", () => {
    const klass = scratch();
    writeFileSync(join(klass, 'pitboss.json'), '{ "rules": "crusaders" }\n');
    cpSync(CRUSADER, join(klass, 'crusader'), { recursive: true });
    correct(klass, 'classic-one', (dir) =>
      writeFileSync(join(dir, 'pitboss.json'), '{ "rules": "classic" }\n'),
    );
    const run = pitboss(['grade', klass, ...ONLY, '--format', 'json']);
    const reports = JSON.parse(run.stdout) as Report[];
    expect(reports.map((report) => report.assignment.name)).toEqual(['crusaders', 'crusaders']);
    expect(reports[0]!.submission.declaredRules).toBe('classic');
    expect(run.stderr).toMatch(/classic-one: its pitboss.json names classic: graded as crusaders/);
  });

  it('is --rules over everything', () => {
    const run = pitboss(['grade', CRUSADER, '--rules', 'classic', ...ONLY, '--format', 'json']);
    expect((JSON.parse(run.stdout) as Report).assignment.name).toBe('classic');
  });

  it("is, for check only, the submission's own advice", () => {
    const run = pitboss(['check', CRUSADER, ...ONLY, '--format', 'json']);
    expect((JSON.parse(run.stdout) as Report).assignment.name).toBe('crusaders');
  });

  it('refuses a class folder whose own pitboss.json is unusable, and a folder that is not there, before grading', () => {
    const klass = scratch();
    correct(klass, 'one');
    writeFileSync(join(klass, 'pitboss.json'), 'nope');
    const bad = pitboss(['grade', klass, ...ONLY]);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(/pitboss.json is not valid JSON/);
    const missing = pitboss(['grade', CORRECT, '/no/such/folder', ...ONLY]);
    expect(missing.status).toBe(2);
    expect(missing.stdout).toBe('');
    expect(missing.stderr.trim()).toBe('pitboss: no such folder: /no/such/folder');
    expect(existsSync(join(klass, 'one'))).toBe(true);
  });
});
