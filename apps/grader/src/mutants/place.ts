// Where a mutant's edit lies, in a module's own names (`Deck.shuffle`): what a student is told of a
// bug their tests missed, so that they know where to look without being handed the edit.
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type * as TypeScript from 'typescript';
import { CACHE_ROOT, hashSources } from '../plumbing/bundle.ts';

let ts: typeof TypeScript | null | undefined;
/**
 * TypeScript's parser, loaded the first time a place is asked for (most runs never need it); null
 * where it is not installed beside the grader (the Gradescope zip leaves it out): a place is then its
 * file alone.
 */
const loadTypescript = (): typeof TypeScript | null => {
  if (ts === undefined) {
    try {
      ts = createRequire(import.meta.url)('typescript') as typeof TypeScript;
    } catch {
      ts = null;
    }
  }
  return ts;
};
const typescript = (): typeof TypeScript => ts!;

/** The name a declaration gives the code inside it, if it names any. */
function nameOf(node: TypeScript.Node): string | undefined {
  const t = typescript();
  if (
    (t.isFunctionDeclaration(node) ||
      t.isMethodDeclaration(node) ||
      t.isClassDeclaration(node) ||
      t.isGetAccessorDeclaration(node) ||
      t.isSetAccessorDeclaration(node)) &&
    node.name !== undefined
  )
    return node.name.getText();
  if (t.isConstructorDeclaration(node)) return 'constructor';
  // `const getSimple = () => ...`, `bet: (b, m) => ...`, `#cut = 7`, `const SHEETS = { mikuru: {...} }`.
  if (
    (t.isVariableDeclaration(node) || t.isPropertyDeclaration(node) || t.isPropertyAssignment(node)) &&
    node.initializer !== undefined
  )
    return node.name.getText();
  return undefined;
}

/**
 * The named declarations around `offset` in `source`, outermost first, joined by dots
 * (`Deck.shuffle`, `main.dealRound`); undefined at a module's top level. Never the edit's text.
 */
/**
 * In a C++ source: the function whose definition the offset lies in (`Deck::shuffle`; none in a
 * `static` helper of the reference's own), read from the
 * last definition that begins a line up to the edit's own (the sources it reads are the project's own
 * solutions, written one definition a line, at the margin): an edit that begins at a definition's first
 * line (its signature, or the whole function) lies in that definition, not in the one before it.
 */
function cppPlace(source: string, offset: number): string | undefined {
  // The edit's first character that is not blank, as parsedPlace reads it, then the rest of its line.
  let at = offset;
  while (at < source.length && /\s/.test(source[at]!)) at++;
  const lineEnd = source.indexOf('\n', at);
  const before = source.slice(0, lineEnd === -1 ? source.length : lineEnd);
  let found: string | undefined;
  // A `static` function is the reference's own helper, a name the student's file need not have:
  // the place is then the file alone (the contract's functions and methods are named).
  for (const match of before.matchAll(
    /^(?:[\w:<>,]+[\s*&]+)*?((?:[A-Za-z_]\w*::)*~?[A-Za-z_]\w*)\s*\([^;{]*\)[^;{]*\{/gm,
  ))
    found = /^static\b/.test(match[0]) ? undefined : match[1];
  return found;
}

export function placeOf(source: string, fileName: string, offset: number): string | undefined {
  if (/\.(cpp|cc)$/.test(fileName)) return cppPlace(source, offset);
  // Loading TypeScript's parser costs more than a whole check's other work in this process (about
  // a second on a loaded machine), and a catalogue's places never change: each is kept on disk,
  // under a hash of what decides it, beside the bundles of the same sources (this file among them).
  const key = createHash('sha256')
    .update(`${fileName}\0${offset}\0`)
    .update(source)
    .digest('hex')
    .slice(0, 32);
  const folder = join(CACHE_ROOT, hashSources(), 'places');
  const cached = join(folder, `${key}.json`);
  try {
    const kept = JSON.parse(readFileSync(cached, 'utf8')) as { in?: unknown };
    if (kept.in === undefined || typeof kept.in === 'string') return kept.in;
  } catch {
    // Not kept yet, or not readable: found again below.
  }
  const found = parsedPlace(source, fileName, offset);
  // Only what TypeScript found is kept: without it a place is its file alone, and may be found later.
  if (loadTypescript() !== null) {
    try {
      mkdirSync(folder, { recursive: true });
      const temporary = `${cached}.${process.pid}.tmp`;
      writeFileSync(temporary, JSON.stringify(found === undefined ? {} : { in: found }));
      renameSync(temporary, cached);
    } catch {
      // A cache that cannot be written costs time, never a result.
    }
  }
  return found;
}

function parsedPlace(source: string, fileName: string, offset: number): string | undefined {
  const t = loadTypescript();
  if (t === null) return undefined;
  const file = t.createSourceFile(fileName, source, t.ScriptTarget.Latest, true, t.ScriptKind.TS);
  // The edit's first character that is not blank: a declaration begins after its indent.
  let at = offset;
  while (at < source.length && /\s/.test(source[at]!)) at++;
  const names: string[] = [];
  const visit = (node: TypeScript.Node): void => {
    if (at < node.getStart(file) || at >= node.getEnd()) return;
    const name = nameOf(node);
    if (name !== undefined) names.push(name);
    node.forEachChild(visit);
  };
  file.forEachChild(visit);
  return names.length === 0 ? undefined : names.join('.');
}
