// What a C++ compiler or linker said, read as the untrusted text it is: problems by file and line.
import { basename } from 'node:path';
import type { CompilerProblem } from '../../0-results/problems.ts';

interface GccDiagnostic {
  kind?: unknown;
  message?: unknown;
  option?: unknown;
  locations?: { caret?: { file?: unknown; line?: unknown; column?: unknown } }[];
}

/** The compiler's JSON diagnostics (`-fdiagnostics-format=json`), read as the untrusted text they are. */
export function readDiagnostics(stderr: string, file: string): CompilerProblem[] {
  const problems: CompilerProblem[] = [];
  for (const line of stderr.split('\n')) {
    if (!line.startsWith('[')) continue;
    let parsed: unknown;
    try {
      parsed = JSON.parse(line);
    } catch {
      continue;
    }
    if (!Array.isArray(parsed)) continue;
    for (const diagnostic of parsed as GccDiagnostic[]) {
      const kind = diagnostic?.kind;
      if (kind !== 'error' && kind !== 'warning' && kind !== 'fatal error') continue;
      const caret = diagnostic.locations?.[0]?.caret;
      const line = typeof caret?.line === 'number' ? caret.line : 1;
      const column = typeof caret?.column === 'number' ? caret.column : 1;
      problems.push({
        // A problem in a provided header is told by the header's own name, never a path of the grader's.
        file: typeof caret?.file === 'string' ? basename(caret.file) : file,
        line: Math.max(1, line),
        column: Math.max(1, column),
        severity: kind === 'warning' ? 'warning' : 'error',
        message: String(diagnostic.message ?? '').slice(0, 1000),
        ...(typeof diagnostic.option === 'string' ? { option: diagnostic.option } : {}),
      });
    }
  }
  return problems;
}

/** The linker's complaint in one line: what is undefined or defined twice, without the grader's paths. */
export function linkProblem(stderr: string): string {
  const reasons = new Set<string>();
  for (const line of stderr.split('\n')) {
    const found = /(undefined reference to|multiple definition of) (`[^']*')/.exec(line);
    if (found !== null) reasons.add(`${found[1]} ${found[2]}`);
  }
  if (reasons.size === 0) return 'the linker failed';
  const listed = [...reasons].slice(0, 3);
  return `${listed.join('; ')}${reasons.size > listed.length ? `; and ${reasons.size - listed.length} more` : ''}`;
}

export const describeProblem = (problem: CompilerProblem) =>
  `${problem.file}:${problem.line}:${problem.column}: ${problem.severity}: ${problem.message}`;
