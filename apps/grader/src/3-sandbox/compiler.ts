// Every compile of a batch goes to esbuild's one long-lived service process, which a single input can
// crash (a Go stack overflow on deeply nested code) or hang. esbuild then refuses every later call
// ("The service is no longer running") until stop() is called, after which the next call starts a
// new service. Compiles here run one at a time, so a crash belongs to the compile in flight: the
// service restarts, that compile is tried once more on its own, and only a second crash is charged
// to its input (CompilerCrash). Every other submission compiles as if alone.
import { type BuildOptions, type BuildResult, build, type Plugin, stop, type TsconfigRaw } from 'esbuild';

/**
 * The grader's own TypeScript settings, passed to every compile of a student's code, so that no
 * tsconfig.json of theirs is looked for or read. The same semantics as esbuild's defaults with no
 * tsconfig (how the course's starter compiles too): class fields with define semantics, unused
 * imports dropped.
 */
export const GRADER_TSCONFIG: TsconfigRaw = {
  compilerOptions: {
    useDefineForClassFields: true,
    verbatimModuleSyntax: false,
    experimentalDecorators: false,
  },
};

/** The longest one compile may take before the service is stopped and the input charged with it. */
export const COMPILE_TIMEOUT_MS = 60_000;

/** The compiler failed on an input twice (its service died or hung): the input's fault, not the grader's. */
export class CompilerCrash extends Error {
  readonly code = 'COMPILER_CRASHED';
}

export const COMPILER_FAILED = 'the compiler failed on this file';

/** For tests only: called before each attempt at a compile, with the label its caller gave. */
export const compilerHooks: { beforeBuild?: ((label: string) => void) | undefined } = {};

const isServiceFailure = (error: unknown) =>
  error instanceof Error &&
  !Array.isArray((error as { errors?: unknown }).errors) &&
  /^The service (was stopped|is no longer running)/.test(error.message);

let queue: Promise<unknown> = Promise.resolve();

function oneAtATime<T>(task: () => Promise<T>): Promise<T> {
  const run = queue.then(task, task);
  queue = run.catch(() => undefined);
  return run;
}

async function attempt(options: BuildOptions, label: string): Promise<BuildResult> {
  compilerHooks.beforeBuild?.(label);
  let timer: NodeJS.Timeout | undefined;
  let timedOut = false;
  try {
    return await Promise.race([
      build(options),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => {
          timedOut = true;
          reject(new CompilerCrash(`the compiler took longer than ${COMPILE_TIMEOUT_MS / 1000} s`));
        }, COMPILE_TIMEOUT_MS);
      }),
    ]);
  } finally {
    clearTimeout(timer);
    // A hung service is stopped: the build in flight then fails, and the next call starts afresh.
    if (timedOut) await stop();
  }
}

/**
 * esbuild's build(), one at a time, restarting a crashed service. Throws what build() throws for an
 * input that does not compile (an Error with `errors`), and CompilerCrash for one the service dies on.
 */
/** One entry of a submission, bundled in memory with the grader's own settings (never the student's). */
export function compileInMemory(
  entry: string,
  plugin: Plugin,
  label: string,
  /** What `import.meta.url` reads in the module (an isolate gives a module no import.meta of its own). */
  url?: string,
): Promise<BuildResult> {
  return compileSafely(
    {
      entryPoints: [entry],
      bundle: true,
      write: false,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      logLevel: 'silent',
      tsconfigRaw: GRADER_TSCONFIG,
      plugins: [plugin],
      ...(url === undefined
        ? {}
        : {
            define: {
              'import.meta.url': JSON.stringify(url),
              'import.meta.filename': JSON.stringify(url.slice('file://'.length)),
              'import.meta.dirname': JSON.stringify(url.slice('file://'.length, url.lastIndexOf('/'))),
            },
          }),
    },
    label,
  );
}

export function compileSafely(options: BuildOptions, label: string): Promise<BuildResult> {
  return oneAtATime(async () => {
    for (let tries = 1; ; tries++) {
      try {
        return await attempt(options, label);
      } catch (error) {
        if (error instanceof CompilerCrash) throw error;
        if (!isServiceFailure(error)) throw error;
        await stop(); // The next build() starts a new service.
        if (tries === 2) throw new CompilerCrash(`the compiler's service died twice on ${label}`);
      }
    }
  });
}
