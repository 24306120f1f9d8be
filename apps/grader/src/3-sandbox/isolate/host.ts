// The isolate host: one sandboxed Node process per submission (bubblewrap, its own uid, limits) that
// runs every JavaScript run of that submission, one after another in the submission's warm V8
// isolate, each in a fresh context of its own: its own built-ins, globals and library, gone when the
// run ends (SubmissionIsolate, host-isolate.ts, says what the isolate shares, and how that never decides a run). Student
// code inside sees only the library made in its context (library.ts): no Node API, no host object. What comes out is plain data, copied: the
// run's output, exit status and the uses of chance it told; the grader judges it in its own process.
//
// Limits: the heap by the isolate's memory limit, processor time by the isolate's own clock (checked
// while the run goes on, the isolate disposed at the limit), output counted inside and checked here
// again. Wall time is the grader's: a host that does not answer in time is killed with its runs.
//
// Its parts: the preamble and the scripts read first (host-setup.ts), the warm isolate
// (host-isolate.ts; a run made again in a fresh one, host-attempts.ts), a run's context
// (host-run.ts), and the runs of each kind: a program's (host-program.ts), a unit test's
// (host-exec.ts), the students' tests' (host-tests.ts).
import { runExec } from './host-exec.ts';
import { runProgram } from './host-program.ts';
import { wordsOf } from './host-run.ts';
import { next, reply } from './host-setup.ts';
import { runTests } from './host-tests.ts';
import type { HostWireRequest } from './protocol.ts';

// The preamble is read and the scripts loaded (host-setup.ts, evaluated first): the host is ready.
reply({ ready: true });

for (let line = next(); line !== undefined; line = next()) {
  const request = JSON.parse(line) as HostWireRequest;
  // An exec request's scripts come on the next line, as JSON text the executor reads (protocol.ts, execLines).
  const scriptsText = request.kind === 'exec' ? next() : undefined;
  if (request.kind === 'exec' && scriptsText === undefined) break;
  try {
    reply(
      request.kind === 'program'
        ? await runProgram(request)
        : request.kind === 'exec'
          ? await runExec({ ...request, scriptsText: scriptsText! })
          : await runTests(request),
    );
  } catch (error) {
    // The host's own failure: the grader treats it as the machinery's, never the student's.
    reply({ id: request.id, kind: 'fault', message: wordsOf(error).slice(0, 2000) });
  }
}
process.exit(0);
