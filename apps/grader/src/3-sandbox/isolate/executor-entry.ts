// The executor's core inside an isolate: the host evaluates the modules a request names (each once,
// in the order the executor would load them) and hands their namespaces in; this runs the scripts and
// answers with the executor's own text of the outcomes, a string the grader parses and checks itself.
import type { ExecRequest } from '../children/executor/calls.ts';
import { makeTextExecutor } from '../children/executor/executor-core.ts';

type Loaded = { ns: Record<string, unknown> } | { failed: unknown };

// Taken now, before any student module loads: what the code replaces later cannot change how a request is read.
const parse = JSON.parse;
const ErrorClass = Error;
const freeze = Object.freeze;
const Int32ArrayClass = Int32Array;

const modules: Record<string, Loaded> = Object.create(null);

Object.defineProperty(globalThis, '__pitbossExecutor', {
  value: freeze({
    loaded(file: string, ns: Record<string, unknown>) {
      modules[file] = { ns };
    },
    failed(file: string, name: string, message: string) {
      const error = new ErrorClass(message);
      error.name = name;
      modules[file] = { failed: error };
    },
    /**
     * `scriptsText`: the request's scripts, as the JSON text the grader wrote. `progress` is shared with
     * the host: where the executor is, readable after a limit stops it.
     */
    async run(scriptsText: string, provided: string[], progress: SharedArrayBuffer) {
      const at = new Int32ArrayClass(progress);
      const onStep = (script: number, step: number) => {
        at[0] = 1;
        at[1] = script;
        at[2] = step;
      };
      const request: ExecRequest = { id: 0, scripts: parse(scriptsText) as ExecRequest['scripts'] };
      const pitboss = (globalThis as unknown as { __pitboss: { restartChance(): void } }).__pitboss;
      const run = makeTextExecutor({
        provided,
        onScript: () => pitboss.restartChance(),
        onStep,
        importModule: async (file) => {
          const loaded = modules[file];
          if (loaded === undefined) throw new Error('not staged');
          if ('failed' in loaded) throw loaded.failed;
          return loaded.ns;
        },
      });
      return run(request);
    },
  }),
  writable: false,
  configurable: false,
  enumerable: false,
});
