// Similarity, for staff only: which submissions of a class are alike, never a verdict on any of them.
// Two layers. Code: Dolos's winnowing (@dodona/dolos-core) over TypeScript's own tokens with every
// name and literal made one token, so renaming or recommenting hides nothing; C++ over Dolos's own
// tokens of it (tree-sitter-cpp's syntax tree, run as WebAssembly); each submission compared with the
// others of its language, its edition's provided files and starter fingerprints nobody is credited
// with. Behaviour, from a grade run's results: submissions that fail the same test with the same
// evidence (the same first differing line, the same shrunk counterexample), rarer shared failures first.
import { readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { File as DolosFile, FingerprintIndex, Region, TokenizedFile } from '@dodona/dolos-core';
import type * as TypeScript from 'typescript';
import type * as TreeSitter from 'web-tree-sitter';
import type {
  BehaviourGroup,
  CodeLanguage,
  SimilarPair,
  SimilarSubmission,
} from '../0-results/similarity.ts';
import type { TestResult } from '../0-results/test.ts';
import type { Submission } from '../1-submission/submission.ts';
import type { Assignment } from '../kit/assignment.ts';
import { PitbossError } from '../plumbing/errors.ts';
import type { BatchFile } from './batch.ts';

/**
 * Tokens in a k-gram, and k-grams in a winnowing window. Dolos's own (23, 17) count tree-sitter's
 * tokens, about three per syntax node; a lexical token is about one, so a fingerprint here is a
 * statement or two, and any run of 8 + 12 - 1 = 19 shared tokens is always found.
 */
export const KGRAM_TOKENS = 12;
export const KGRAMS_IN_WINDOW = 8;
/** Dolos's own sizes, for its own tree tokens (C++). */
export const TREE_KGRAM_TOKENS = 23;
export const TREE_KGRAMS_IN_WINDOW = 17;
/** Pairs whose matching fragments are kept and shown side by side (the rest keep their numbers). */
export const SHOWN_PAIRS = 25;
/**
 * The most code (UTF-8 bytes) and tokens of one submission compared: about ten times the largest
 * correct fixture (20 KB, 5,000 tokens). Past them a submission is named as skipped: a file of one
 * repeated token matches itself everywhere, and its pairs would cost the whole class's time and memory.
 */
export const SIMILAR_CODE_BYTES = 256 * 1024;
export const SIMILAR_TOKENS = 50_000;

const CODE = /\.(ts|tsx|mts|cts|js|mjs|cjs)$/;
const CPP_CODE = /\.(cc|cpp|cxx|C|h|hh|hpp|hxx|tpp)$/;

/** The language of an edition's code: C++ for a compiled edition, else TypeScript. */
export const languageOf = (edition: Assignment): CodeLanguage =>
  edition.native === undefined ? 'typescript' : 'cpp';

/** How a language's code is fingerprinted: its tokens' k-gram and window sizes. */
export const SIZES: Readonly<Record<CodeLanguage, { kgramTokens: number; kgramsInWindow: number }>> = {
  typescript: { kgramTokens: KGRAM_TOKENS, kgramsInWindow: KGRAMS_IN_WINDOW },
  cpp: { kgramTokens: TREE_KGRAM_TOKENS, kgramsInWindow: TREE_KGRAMS_IN_WINDOW },
};

let ts: typeof TypeScript | undefined;
/** TypeScript's scanner, loaded when first needed: the student tool and the Gradescope zip leave it out. */
const typescript = (): typeof TypeScript => {
  try {
    ts ??= createRequire(import.meta.url)('typescript') as typeof TypeScript;
  } catch {
    throw new PitbossError(
      'USAGE',
      'similarity needs the typescript package beside the grader: run it where the grader is installed',
    );
  }
  return ts;
};

/** A file's tokens (`rowOffset` places it in its submission's shown code; past `limit`, INPUT_TOO_LARGE). */
export type Tokenizer = (text: string, rowOffset?: number, limit?: number) => Tokens;

export interface Tokens {
  tokens: string[];
  /** Each token's place (0-based rows and columns), as Dolos maps a k-gram back to code. */
  regions: Region[];
}

/** Line starts of `text`, for turning offsets into rows and columns. */
function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = 0; i < text.length; i++) if (text[i] === '\n') starts.push(i + 1);
  return starts;
}

function rowOf(starts: readonly number[], offset: number): number {
  let low = 0;
  let high = starts.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if (starts[middle]! <= offset) low = middle;
    else high = middle - 1;
  }
  return low;
}

/**
 * A file's tokens as TypeScript's scanner reads them, names and literals each made one token (a
 * renamed variable, a reworded message or a changed constant is the same code), comments and spacing
 * dropped. `rowOffset` places the file in its submission's shown code. Past `limit` tokens it stops
 * and throws INPUT_TOO_LARGE, so a huge file costs no more than the bound.
 */
export function tokenize(text: string, rowOffset = 0, limit = Number.POSITIVE_INFINITY): Tokens {
  const t = typescript();
  const { SyntaxKind: K } = t;
  const scanner = t.createScanner(t.ScriptTarget.Latest, true, t.LanguageVariant.Standard, text);
  const starts = lineStarts(text);
  const tokens: string[] = [];
  const regions: Region[] = [];
  // Brace depth where each open template's `${` began: its `}` resumes the template.
  const templates: number[] = [];
  let depth = 0;
  let previous: TypeScript.SyntaxKind = K.Unknown;
  const endsValue = new Set<TypeScript.SyntaxKind>([
    K.Identifier,
    K.PrivateIdentifier,
    K.NumericLiteral,
    K.BigIntLiteral,
    K.StringLiteral,
    K.NoSubstitutionTemplateLiteral,
    K.TemplateTail,
    K.RegularExpressionLiteral,
    K.CloseParenToken,
    K.CloseBracketToken,
    K.CloseBraceToken,
    K.ThisKeyword,
    K.SuperKeyword,
    K.TrueKeyword,
    K.FalseKeyword,
    K.NullKeyword,
  ]);
  for (let kind = scanner.scan(); kind !== K.EndOfFileToken; kind = scanner.scan()) {
    if (kind === K.OpenBraceToken) depth++;
    else if (kind === K.CloseBraceToken) {
      if (templates.length > 0 && templates[templates.length - 1] === depth) {
        kind = scanner.reScanTemplateToken(false);
        if (kind === K.TemplateTail) templates.pop();
      } else depth--;
    } else if ((kind === K.SlashToken || kind === K.SlashEqualsToken) && !endsValue.has(previous))
      kind = scanner.reScanSlashToken();
    if (kind === K.TemplateHead) templates.push(depth);
    let token: string;
    if (kind === K.Identifier || kind === K.PrivateIdentifier) token = 'N';
    else if (kind === K.StringLiteral || kind === K.NoSubstitutionTemplateLiteral) token = 'S';
    else if (kind === K.NumericLiteral || kind === K.BigIntLiteral) token = '0';
    else if (kind === K.RegularExpressionLiteral) token = 'R';
    else if (kind === K.TemplateHead || kind === K.TemplateMiddle || kind === K.TemplateTail)
      token = `T${kind}`;
    else token = t.tokenToString(kind) ?? `K${kind}`;
    previous = kind;
    if (tokens.length >= limit) throw new PitbossError('INPUT_TOO_LARGE', `more than ${limit} tokens`);
    const start = scanner.getTokenStart();
    const end = Math.max(start, scanner.getTokenEnd() - 1);
    const startRow = rowOf(starts, start);
    const endRow = rowOf(starts, end);
    tokens.push(token);
    regions.push(
      new Region(
        startRow + rowOffset,
        start - starts[startRow]!,
        endRow + rowOffset,
        end - starts[endRow]! + 1,
      ),
    );
  }
  return { tokens, regions };
}

let cpp: Promise<Tokenizer> | undefined;

/** tree-sitter-cpp's literals: each one token (its type), its parts unread. */
const CPP_LITERALS = new Set([
  'string_literal',
  'raw_string_literal',
  'concatenated_string',
  'char_literal',
  'number_literal',
  'user_defined_literal',
  'system_lib_string',
]);

/**
 * Dolos's C++ tokens (dolos-lib's CodeTokenizer): tree-sitter-cpp's syntax tree, each named node
 * `(`, its type, its named children, `)`, all at the node's place. A name is its node's type, one
 * token whatever it says; so is a literal, whose parts (a string's content and escapes) are not read:
 * "" and "a\n" are the same code. Comments are left out, as TypeScript's scanner leaves them: a
 * recommented copy is the same code. The grammar runs as WebAssembly (web-tree-sitter): Dolos's own
 * parsers are native modules that build with node-gyp on install, which the grader does not need.
 * Loaded when first needed; the tree is walked with a cursor, so deep nesting costs no stack.
 */
export function cppTokenizer(): Promise<Tokenizer> {
  cpp ??= (async () => {
    const require = createRequire(import.meta.url);
    let sitter: typeof TreeSitter;
    let grammar: string;
    try {
      sitter = require('web-tree-sitter') as typeof TreeSitter;
      grammar = require.resolve('tree-sitter-cpp/tree-sitter-cpp.wasm');
    } catch {
      throw new PitbossError(
        'USAGE',
        'similarity of C++ needs the web-tree-sitter and tree-sitter-cpp packages beside the grader: run it where the grader is installed',
      );
    }
    await sitter.Parser.init();
    const parser = new sitter.Parser();
    parser.setLanguage(await sitter.Language.load(grammar));
    return (text, rowOffset = 0, limit = Number.POSITIVE_INFINITY) => {
      const tree = parser.parse(text);
      if (tree === null) throw new PitbossError('INFRASTRUCTURE', 'tree-sitter-cpp parsed nothing');
      try {
        const tokens: string[] = [];
        const regions: Region[] = [];
        const cursor = tree.walk();
        const push = (token: string) => {
          if (tokens.length >= limit) throw new PitbossError('INPUT_TOO_LARGE', `more than ${limit} tokens`);
          const { startPosition: from, endPosition: to } = cursor;
          tokens.push(token);
          regions.push(new Region(from.row + rowOffset, from.column, to.row + rowOffset, to.column));
        };
        // Whether each node on the cursor's path was opened (named, not a comment).
        const opened: boolean[] = [];
        for (;;) {
          const type = cursor.nodeType;
          const named = cursor.nodeIsNamed && type !== 'comment';
          if (named) {
            push('(');
            push(type);
          }
          opened.push(named);
          if (type !== 'comment' && !CPP_LITERALS.has(type) && cursor.gotoFirstChild()) continue;
          for (;;) {
            if (opened.pop()) push(')');
            if (cursor.gotoNextSibling()) break;
            if (!cursor.gotoParent()) return { tokens, regions };
          }
        }
      } finally {
        tree.delete();
      }
    };
  })();
  // A failed load is not kept: the next call tries again.
  cpp.catch(() => {
    cpp = undefined;
  });
  return cpp;
}

/** The code files of a submission in an edition's language, the edition's provided files left out. */
function codeFiles(edition: Assignment, submission: Submission): string[] {
  const provided = new Set(edition.providedFiles.map((file) => file.name));
  // A compiled edition's provided headers and sources are the course's; a whole program's handout is
  // the student's to hold (their starter: credited to nobody).
  if (edition.native !== undefined && edition.native.wholeProgram === undefined)
    for (const name of readdirSync(edition.native.providedDir)) provided.add(name);
  const code = languageOf(edition) === 'cpp' ? CPP_CODE : CODE;
  return [...submission.snapshot.files.keys()]
    .filter((path) => code.test(path) && !path.endsWith('.d.ts') && !provided.has(path))
    .sort();
}

/**
 * The code a submission wrote, in its edition's language: its code files, the provided ones (the
 * edition's own copies) left out. Code past SIMILAR_CODE_BYTES or SIMILAR_TOKENS is refused
 * (INPUT_TOO_LARGE); a submission holding none of its language's code is named (NOT_A_SUBMISSION).
 * `cppTokens`: cppTokenizer()'s, which a C++ submission needs.
 */
export function codeOf(
  edition: Assignment,
  submission: Submission,
  cppTokens?: Tokenizer | undefined,
): SimilarSubmission & Tokens {
  const language = languageOf(edition);
  const tokenizer = language === 'cpp' ? cppTokens : tokenize;
  if (tokenizer === undefined) throw new Error('a C++ submission needs the C++ tokenizer');
  const files = codeFiles(edition, submission);
  if (files.length === 0)
    throw new PitbossError(
      'NOT_A_SUBMISSION',
      `it holds no ${language === 'cpp' ? 'C++ (.cc, .cpp, .h)' : 'TypeScript'} code of its own to compare`,
    );
  const bytes = files.reduce((sum, path) => sum + submission.snapshot.files.get(path)!.length, 0);
  if (bytes > SIMILAR_CODE_BYTES)
    throw new PitbossError(
      'INPUT_TOO_LARGE',
      `its code is ${bytes} bytes, more than the ${SIMILAR_CODE_BYTES} similarity compares`,
    );
  const lines: string[] = [];
  const tokens: string[] = [];
  const regions: Region[] = [];
  for (const path of files) {
    const text = submission.snapshot.files.get(path)!.toString('utf8');
    lines.push(`// ==== ${path}`);
    let found: Tokens;
    try {
      found = tokenizer(text, lines.length, SIMILAR_TOKENS - tokens.length);
    } catch (error) {
      if (!(error instanceof PitbossError) || error.code !== 'INPUT_TOO_LARGE') throw error;
      throw new PitbossError(
        'INPUT_TOO_LARGE',
        `its code has more than ${SIMILAR_TOKENS} tokens, the most similarity compares`,
      );
    }
    // One at a time: a spread passes every element as an argument, and a big file's overflow the stack.
    for (const token of found.tokens) tokens.push(token);
    for (const region of found.regions) regions.push(region);
    // A CRLF file's line ends are not its code: shown, a stray \r would be escaped on every line.
    for (const line of text.split(/\r?\n/)) lines.push(line);
  }
  return { name: submission.name, language, files, lines, tokens, regions };
}

/** An edition's starter and provided files: code every submission of it may hold, credited to nobody. */
export function starterCode(
  edition: Assignment,
  read: (path: string) => string,
): { name: string; text: string }[] {
  const code = languageOf(edition) === 'cpp' ? CPP_CODE : CODE;
  const native = edition.native;
  return [
    ...edition.providedFiles.map((file) => ({ name: file.name, text: read(file.source) })),
    ...(native === undefined
      ? []
      : readdirSync(native.providedDir)
          .filter((name) => code.test(name))
          .map((name) => ({ name, text: read(`${native.providedDir}/${name}`) }))),
    ...edition.studentFiles.map((file) => ({ name: file.name, text: file.stub })),
    ...Object.entries(edition.starterFiles)
      .filter(([path]) => code.test(path))
      .map(([name, text]) => ({ name, text })),
  ];
}

const round = (value: number) => Math.round(value * 10_000) / 10_000;

type Ranked = Pick<SimilarPair, 'left' | 'right' | 'similarity' | 'longest'>;

/** Most similar first, then the longest run in common, then by names: the same class, the same order. */
export const byRank = (a: Ranked, b: Ranked): number =>
  b.similarity - a.similarity ||
  b.longest - a.longest ||
  a.left.localeCompare(b.left) ||
  a.right.localeCompare(b.right);

/**
 * The pairs of a class of several languages, each language's ranked on its own (rankPairs), as one
 * list most similar first: fragments kept for the first SHOWN_PAIRS of it alone.
 */
export function mergePairs(byLanguage: readonly (readonly SimilarPair[])[]): SimilarPair[] {
  return byLanguage
    .flat()
    .sort(byRank)
    .map((pair, place) => {
      if (place < SHOWN_PAIRS) return pair;
      const { fragments: _, ...rest } = pair;
      return rest;
    });
}

/**
 * Every pair of `submissions` (of one language, tokenized by `tokenizer`, its starter's too) by Dolos's
 * similarity, most similar first (ties by name).
 */
export function rankPairs(
  submissions: readonly (SimilarSubmission & Tokens)[],
  starter: readonly { name: string; text: string }[],
  tokenizer: Tokenizer = tokenize,
  sizes: { kgramTokens: number; kgramsInWindow: number } = SIZES.typescript,
): SimilarPair[] {
  const index = new FingerprintIndex(sizes.kgramTokens, sizes.kgramsInWindow);
  for (const file of starter) {
    const { tokens, regions } = tokenizer(file.text);
    index.addIgnoredFile(
      new TokenizedFile(new DolosFile(`starter/${file.name}`, file.text), tokens, regions),
    );
  }
  const byId = new Map<number, string>();
  const files = submissions.map((submission) => {
    const file = new TokenizedFile(
      new DolosFile(submission.name, submission.lines.join('\n')),
      submission.tokens,
      submission.regions,
    );
    byId.set(file.id, submission.name);
    return file;
  });
  index.addFiles(files);
  const pairs = index.allPairs().map((pair) => {
    // Each pair named in name order, so the same class gives the same file.
    let left = byId.get(pair.leftFile.id)!;
    let right = byId.get(pair.rightFile.id)!;
    const swapped = left > right;
    if (swapped) [left, right] = [right, left];
    return { pair, swapped, left, right };
  });
  pairs.sort((a, b) =>
    byRank(
      { left: a.left, right: a.right, similarity: a.pair.similarity, longest: a.pair.longest },
      { left: b.left, right: b.right, similarity: b.pair.similarity, longest: b.pair.longest },
    ),
  );
  return pairs.map(({ pair, swapped, left, right }, place) => {
    const lines = (region: Region) => ({ from: region.startRow + 1, to: region.endRow + 1 });
    const fragments =
      place < SHOWN_PAIRS
        ? pair
            .buildFragments()
            .map((fragment) => {
              const [l, r] = swapped
                ? [fragment.rightSelection, fragment.leftSelection]
                : [fragment.leftSelection, fragment.rightSelection];
              return { left: lines(l), right: lines(r), kgrams: fragment.pairs.length };
            })
            .sort((a, b) => a.left.from - b.left.from || a.right.from - b.right.from)
        : undefined;
    return {
      left,
      right,
      similarity: round(pair.similarity),
      longest: pair.longest,
      overlap: pair.overlap,
      ...(fragments === undefined ? {} : { fragments }),
    };
  });
}

/**
 * What a failed test showed, as data: a transcript's first differing line (and the shorter input
 * that still shows it), a unit test's counterexample (its message names the calls, shrunk). Undefined
 * for what says nothing of the code's behaviour: a mutant (the student's tests), the machinery's own failure.
 */
export function evidenceOf(test: TestResult): string | undefined {
  if (test.status === 'passed' || test.kind === 'mutant' || test.infrastructure === true) return undefined;
  const shown = (side: { from: number; lines: string[] }, line: number) => side.lines[line - side.from];
  const diff = test.shorterInput?.diff ?? test.diff;
  if (diff !== undefined) {
    const actual = shown(diff.actual, diff.line);
    const words = [
      `line ${diff.line}: expected ${JSON.stringify(shown(diff.expected, diff.line) ?? '(no line)')}`,
      actual === undefined ? `printed ${diff.actualLines} lines` : `got ${JSON.stringify(actual)}`,
    ];
    if (test.shorterInput !== undefined) words.push(`with input ${JSON.stringify(test.shorterInput.stdin)}`);
    return words.join(', ');
  }
  const message = test.message?.split('\n')[0];
  return message === undefined || message === '' ? test.status : `${test.status}: ${message}`;
}

/**
 * Submissions that fail the same test with the same evidence, grouped: each group the submissions
 * that share one or more such failures. A failure most of the class shares tells little: a group's
 * rank is the sum, over its failures, of the share of graded submissions that do NOT show it.
 */
export function groupBehaviour(batch: BatchFile): { graded: number; groups: BehaviourGroup[] } {
  const graded = batch.submissions.filter((entry) => entry.report !== undefined);
  const failing = new Map<string, number>();
  const shared = new Map<string, { test: TestResult; names: Set<string> }>();
  for (const { name, report } of graded) {
    for (const test of report!.tests) {
      if (test.status === 'passed') continue;
      failing.set(test.id, (failing.get(test.id) ?? 0) + 1);
      const evidence = evidenceOf(test);
      if (evidence === undefined) continue;
      const key = `${test.id}\0${evidence}`;
      const entry = shared.get(key) ?? { test, names: new Set<string>() };
      entry.names.add(name);
      shared.set(key, entry);
    }
  }
  const groups = new Map<string, BehaviourGroup>();
  for (const [key, { test, names }] of shared) {
    if (names.size < 2) continue;
    const submissions = [...names].sort();
    const members = submissions.join('\0');
    const group = groups.get(members) ?? { submissions, failures: [] };
    group.failures.push({
      test: test.id,
      name: test.name,
      visibility: test.visibility,
      evidence: key.slice(test.id.length + 1),
      failing: failing.get(test.id) ?? 0,
    });
    groups.set(members, group);
  }
  const rarity = (group: BehaviourGroup) =>
    group.failures.length * (1 - group.submissions.length / Math.max(graded.length, 1));
  const ranked = [...groups.values()];
  for (const group of ranked) group.failures.sort((a, b) => a.test.localeCompare(b.test));
  ranked.sort(
    (a, b) =>
      rarity(b) - rarity(a) ||
      a.submissions.length - b.submissions.length ||
      a.submissions.join('\0').localeCompare(b.submissions.join('\0')),
  );
  return { graded: graded.length, groups: ranked };
}
