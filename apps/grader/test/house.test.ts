// The house rule of docs/ARCHITECTURE.md, checked on the source itself: a room imports only the rooms
// below it, rooms outside the sandbox ask it for runs only through its door, and no module imports
// itself round a circle. Every relative import counts, `import type` and `export ... from` included.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const SRC = fileURLToPath(new URL('../src/', import.meta.url));

/**
 * The rooms from the ground up, as the architecture page lists them: a room may import only rooms
 * earlier in this list. A room is a folder (`kit/`) or a file (`grade.ts`); a file belongs to the
 * longest that holds it, so `3-sandbox/children/` is a room of its own, below the kit that reads its
 * wire format. Rooms on one line share a floor and import neither each other.
 */
const FLOORS: readonly (readonly string[])[] = [
  ['plumbing/'],
  ['0-results/'],
  ['3-sandbox/children/'],
  ['kit/'],
  ['assignment/'],
  ['mutants/'],
  ['1-submission/'],
  ['2-plan/'],
  ['3-sandbox/'],
  ['4-phases/'],
  ['5-scoring/'],
  ['grade.ts'],
  ['6-reports/'],
  ['class/'],
  ['self-check/'],
  ['commands/'],
  ['main.ts', 'index.ts'],
];

/** The sandbox's one door: the only file of 3-sandbox/ that rooms outside it may import. */
const DOOR = '3-sandbox/door.ts';

const ROOMS = FLOORS.flatMap((rooms, floor) => rooms.map((room) => ({ room, floor })));

/** The room a file (relative to src/) is in: the longest room that holds it. */
function roomOf(file: string): { room: string; floor: number } | undefined {
  return ROOMS.filter(({ room }) => (room.endsWith('/') ? file.startsWith(room) : file === room)).sort(
    (a, b) => b.room.length - a.room.length,
  )[0];
}

/** Every .ts file under `root`, relative to it. */
function sources(root: string): string[] {
  return readdirSync(root, { recursive: true, encoding: 'utf8' })
    .filter((path) => path.endsWith('.ts'))
    .map((path) => path.split('\\').join('/'))
    .sort();
}

/** Each file's relative imports that land in src/, resolved to paths relative to src/. */
function importsOf(files: ReadonlyMap<string, string>): Map<string, string[]> {
  const imports = new Map<string, string[]>();
  for (const [file, text] of files) {
    // preProcessFile lists static imports of every kind (type-only, re-exports) and dynamic import().
    const found = ts.preProcessFile(text, true, true).importedFiles.map((imported) => imported.fileName);
    imports.set(
      file,
      found
        .filter((name) => name.startsWith('.'))
        .map((name) =>
          relative(SRC, resolve(SRC, dirname(file), name))
            .split('\\')
            .join('/'),
        )
        .filter((target) => !target.startsWith('..')),
    );
  }
  return imports;
}

/** Imports that break the house rule, each naming the file, the import and why. */
function wrongImports(imports: ReadonlyMap<string, readonly string[]>): string[] {
  const wrong: string[] = [];
  for (const [file, targets] of imports) {
    const from = roomOf(file);
    if (from === undefined) {
      wrong.push(`${file} is in no room of the house`);
      continue;
    }
    for (const target of targets) {
      const to = roomOf(target);
      if (to === undefined) wrong.push(`${file} imports ${target}, which is in no room of the house`);
      else if (to.room !== from.room && to.floor >= from.floor)
        wrong.push(`${file} (${from.room}) imports ${target}: ${to.room} is not below ${from.room}`);
      else if (to.room === '3-sandbox/' && from.room !== '3-sandbox/' && target !== DOOR)
        wrong.push(`${file} (${from.room}) imports ${target}: outside the sandbox, only through ${DOOR}`);
    }
  }
  return wrong;
}

/** Every circle of imports (Tarjan's strongly connected components), each as its files. */
function circles(imports: ReadonlyMap<string, readonly string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  let next = 0;
  const visit = (file: string): void => {
    index.set(file, next);
    low.set(file, next);
    next++;
    stack.push(file);
    onStack.add(file);
    for (const target of imports.get(file) ?? []) {
      if (!imports.has(target)) continue;
      if (!index.has(target)) {
        visit(target);
        low.set(file, Math.min(low.get(file)!, low.get(target)!));
      } else if (onStack.has(target)) low.set(file, Math.min(low.get(file)!, index.get(target)!));
    }
    if (low.get(file) !== index.get(file)) return;
    const circle: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      circle.push(member);
    } while (member !== file);
    if (circle.length > 1 || (imports.get(file) ?? []).includes(file)) found.push(circle.sort());
  };
  for (const file of imports.keys()) if (!index.has(file)) visit(file);
  return found;
}

/** The most lines a source file may have. */
const MOST_LINES = 600;

const house = new Map(sources(SRC).map((file) => [file, readFileSync(join(SRC, file), 'utf8')]));

describe('the house (docs/ARCHITECTURE.md)', () => {
  it('has the floors the page lists, and every source file in a room', () => {
    const page = readFileSync(
      fileURLToPath(new URL('../../../docs/ARCHITECTURE.md', import.meta.url)),
      'utf8',
    );
    const listed = /```floors\n([^`]*)```/.exec(page)?.[1] ?? '';
    const floors = listed
      .trim()
      .split('\n')
      .map((line) => line.split(',').map((room) => room.trim()));
    expect(floors).toEqual(FLOORS);
    expect([...house.keys()].filter((file) => roomOf(file) === undefined)).toEqual([]);
  });

  it('has no room importing a room that is not below it, and the sandbox entered by its door', () => {
    expect(wrongImports(importsOf(house))).toEqual([]);
  });

  it('no source file in apps/grader/src is over 600 lines', () => {
    // A file past this is split along its seams (docs/ARCHITECTURE.md names each room's files).
    const over = [...house]
      .map(([file, text]) => ({ file, lines: text.split('\n').length - (text.endsWith('\n') ? 1 : 0) }))
      .filter(({ lines }) => lines > MOST_LINES)
      .map(({ file, lines }) => `${file}: ${lines} lines`);
    expect(over).toEqual([]);
  });

  it('has no circle of imports', () => {
    expect(circles(importsOf(house))).toEqual([]);
  });

  it('would tell a room reaching up, a way round the door and a circle', () => {
    const bad = new Map(house);
    bad.set(
      '2-plan/plan.ts',
      `${house.get('2-plan/plan.ts')}\nimport type { Report } from '../6-reports/index.ts';\n`,
    );
    bad.set('4-phases/unit.ts', `${house.get('4-phases/unit.ts')}\nimport '../3-sandbox/limits.ts';\n`);
    bad.set(
      '0-results/diff.ts',
      `${house.get('0-results/diff.ts')}\nimport type { Report } from './report.ts';\n`,
    );
    const imports = importsOf(bad);
    expect(wrongImports(imports)).toEqual([
      '2-plan/plan.ts (2-plan/) imports 6-reports/index.ts: 6-reports/ is not below 2-plan/',
      `4-phases/unit.ts (4-phases/) imports 3-sandbox/limits.ts: outside the sandbox, only through ${DOOR}`,
    ]);
    expect(circles(imports)).toContainEqual([
      '0-results/diff.ts',
      '0-results/report.ts',
      '0-results/test.ts',
    ]);
  });
});
