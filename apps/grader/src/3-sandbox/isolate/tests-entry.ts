// Students' tests inside an isolate: node:test's registration API for each file (the host links it as
// the file's `node:test`), then the run of what the file registered, answered as the process path
// answers (3-sandbox/children/student-tests/runner-core.ts). The library is already in place; the variant's
// text and stack positions are masked here, before any student module loads.
import {
  describeError,
  makeTestApi,
  maskSources,
  runRegistered,
  serialize,
} from '../children/student-tests/runner-core.ts';

maskSources();

let current: ReturnType<typeof makeTestApi> | undefined;
let answer: string | undefined;

Object.defineProperty(globalThis, '__pitbossTests', {
  value: Object.freeze({
    /** A fresh node:test for the next file. */
    begin() {
      current = makeTestApi();
      answer = undefined;
      return current.api;
    },
    /** The file did not load: the error, made here again from its name and message. */
    loadFailed(file: number, name: string, message: string) {
      const error = new Error(message);
      error.name = name;
      return serialize(file, { error: `loading the test file failed: ${describeError(error)}` });
    },
    /** Runs what the file registered; the answer is there once every test has settled. */
    start(file: number) {
      const { registered, count } = current!.registered();
      runRegistered(registered, count).then(
        (result) => {
          answer = serialize(file, result);
        },
        (error: unknown) => {
          answer = serialize(file, { error: `running the tests failed: ${describeError(error)}` });
        },
      );
    },
    answer: () => answer,
  }),
  writable: false,
  configurable: false,
  enumerable: false,
});
