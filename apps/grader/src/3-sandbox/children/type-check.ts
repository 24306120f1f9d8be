// The type checker, a process of its own with a heap limit: a submission's files are checked as `tsc`
// would check them, none of it run. The checker is the grader's code but what it reads is the
// student's (a type can be made to cost any amount of work), so it runs apart, stopped at its limits.
// It checks one submission at a time, each a program of its own, a job a line on stdin and an answer
// a line on stdout.
//
// Most of a check's cost is TypeScript's and Node's library declarations (parsing and binding @types/node
// alone is seconds of processor): nothing a check does changes them, so they are parsed and bound once,
// by a check of an empty file, and kept. Where it can, the grader starts this script once with
// `node --build-snapshot` (3-sandbox/type-check.ts): the warm checker is written as a V8 startup
// snapshot, and every later check starts from it, the declarations already in its heap, in a fraction of
// the time. Run as a plain script (no snapshot), it warms itself the same way and serves.
import { readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { createInterface } from 'node:readline';
import * as v8 from 'node:v8';
import type * as TS from 'typescript';
import type { TypeProblem } from '../../0-results/problems.ts';
import type { TypeCheckAnswer, TypeCheckJob, TypeCheckSetup } from './type-check-protocol.ts';

/** Where the files seem to be: no path of this machine reaches a message. */
const ROOT = '/submission/';

/** TypeScript's own module, evaluated from its file (a snapshot's script may require only Node's built-ins). */
function loadTypeScript(file: string): typeof TS {
  const module = { exports: {} as typeof TS };
  const source = readFileSync(file, 'utf8');
  // The grader's own TypeScript package, never a submission's text.
  const wrapped = new Function('exports', 'require', 'module', '__filename', '__dirname', source);
  wrapped(module.exports, require, module, file, dirname(file));
  return module.exports;
}

/** A checker with TypeScript and the library declarations it has parsed so far. */
function makeChecker(setup: TypeCheckSetup): (job: TypeCheckJob) => TypeCheckAnswer {
  const ts = loadTypeScript(setup.typescript);
  // The starter folder's settings, as its tsconfig.json holds them; Node's types from the grader's copy.
  const options: TS.CompilerOptions = {
    ...ts.convertCompilerOptionsFromJson(setup.compilerOptions, ROOT).options,
    noEmit: true,
    skipLibCheck: true,
    typeRoots: [setup.typeRoots],
  };
  const libraries = new Map<string, TS.SourceFile | undefined>();
  /** Whether a path outside the submission is one the checker may read. */
  const readable = (path: string): boolean =>
    setup.readable.some((dir) => path === dir || path.startsWith(`${dir}/`));

  return (job) => {
    const files = new Map(Object.entries(job.files).map(([name, text]) => [`${ROOT}${name}`, text]));
    const host = ts.createCompilerHost(options);
    const readHost = host.readFile.bind(host);
    const fileExistsHost = host.fileExists.bind(host);
    const getSourceFileHost = host.getSourceFile.bind(host);
    host.getDefaultLibLocation = () => dirname(setup.typescript);
    host.getCurrentDirectory = () => ROOT;
    // The submission's files come from memory; only the library's own declarations come from disk.
    host.fileExists = (path) =>
      path.startsWith(ROOT) ? files.has(path) : readable(path) && fileExistsHost(path);
    host.readFile = (path) =>
      path.startsWith(ROOT) ? files.get(path) : readable(path) ? readHost(path) : undefined;
    host.realpath = (path) =>
      path.startsWith(ROOT) || !readable(path) ? path : (ts.sys.realpath?.(path) ?? path);
    host.getSourceFile = (path, language, onError, create) => {
      const text = files.get(path);
      if (text !== undefined) return ts.createSourceFile(path, text, language, true);
      if (path.startsWith(ROOT) || !readable(path)) return undefined;
      if (!libraries.has(path)) libraries.set(path, getSourceFileHost(path, language, onError, create));
      return libraries.get(path);
    };
    // The submission is one folder of files, nothing inside it (no node_modules of its own is looked at).
    host.directoryExists = (path) =>
      path === ROOT || path === ROOT.slice(0, -1)
        ? true
        : path.startsWith(ROOT)
          ? false
          : readable(path) && ts.sys.directoryExists(path);

    const program = ts.createProgram({ rootNames: [...files.keys()], options, host });
    const problems: TypeProblem[] = [];
    let omitted = 0;
    for (const name of job.report) {
      const source = program.getSourceFile(`${ROOT}${name}`);
      if (source === undefined) continue;
      const found = [...program.getSyntacticDiagnostics(source), ...program.getSemanticDiagnostics(source)];
      for (const diagnostic of found.slice(0, job.perFile)) {
        const at = source.getLineAndCharacterOfPosition(diagnostic.start ?? 0);
        problems.push({
          file: name,
          line: at.line + 1,
          column: at.character + 1,
          code: diagnostic.code,
          message: ts.flattenDiagnosticMessageText(diagnostic.messageText, ' '),
        });
      }
      omitted += Math.max(0, found.length - job.perFile);
    }
    return { problems, omitted };
  };
}

/** A checker whose library declarations are parsed and bound: a check of one empty module. */
function warmChecker(setup: TypeCheckSetup): (job: TypeCheckJob) => TypeCheckAnswer {
  const check = makeChecker(setup);
  check({ files: { 'warm.ts': 'export {};\n' }, report: ['warm.ts'], perFile: 1 });
  return check;
}

/** Answers each job line of stdin with an answer line on stdout, in order. */
function serve(check: (job: TypeCheckJob) => TypeCheckAnswer): void {
  const lines = createInterface({ input: process.stdin, crlfDelay: Number.POSITIVE_INFINITY });
  lines.on('line', (line) => {
    process.stdout.write(`${JSON.stringify(check(JSON.parse(line) as TypeCheckJob))}\n`);
  });
}

/** The setup, as the grader hands it over (an environment variable: the same when building a snapshot). */
const setupOf = (): TypeCheckSetup => JSON.parse(process.env.PITBOSS_TYPE_CHECK ?? '') as TypeCheckSetup;

// Node 20 answers 1 or 0, later Nodes a boolean.
if (v8.startupSnapshot?.isBuildingSnapshot()) {
  const check = warmChecker(setupOf());
  v8.startupSnapshot.setDeserializeMainFunction(() => serve(check));
} else {
  serve(warmChecker(setupOf()));
}
