// The type checker, in a worker thread with a heap limit: a submission's files are checked as `tsc`
// would check them, none of it run. The checker is the grader's code but what it reads is the
// student's (a type can be made to cost any amount of work), so it runs apart, stopped at its limits.
// It checks one submission at a time; the library's declarations are parsed once and kept, since
// nothing a check does changes them (each check is a program of its own).
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import type * as TS from 'typescript';
import type { TypeProblem } from '../../6-reports/model.ts';
import type { TypeCheckAnswer, TypeCheckJob, TypeCheckSetup } from './type-check-protocol.ts';

const setup = workerData as TypeCheckSetup;
const ts = createRequire(import.meta.url)(setup.typescript) as typeof TS;

/** Where the files seem to be: no path of this machine reaches a message. */
const ROOT = '/submission/';

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

function check(job: TypeCheckJob): TypeCheckAnswer {
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
}

parentPort?.on('message', (job: TypeCheckJob) => {
  parentPort?.postMessage(check(job));
});
