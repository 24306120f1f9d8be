// The unit tests' calls as a native harness reads them: the executor's request (calls.ts) written as
// lines of words, since a C++ harness has no JSON parser to trust. The harness answers in the
// executor's own encoding, so its replies are decoded (and distrusted) exactly as the executor's are.

import { PitbossError } from '../../plumbing/errors.ts';
import type { ExecRequest, WireArg, WireStep } from '../children/executor/calls.ts';

/** A word of the line: none may hold a space or a line break, or a step would read as another. */
const WORD = /^[^\s]+$/;

function word(text: string, what: string): string {
  if (!WORD.test(text))
    throw new PitbossError('BAD_ASSIGNMENT', `${what} '${text}' cannot travel to a native harness`);
  return text;
}

function stepLine(step: WireStep, argument: (arg: WireArg) => string): string {
  const args = (list: readonly WireArg[]) => list.map((arg) => word(argument(arg), 'an argument'));
  switch (step.op) {
    case 'new':
      return ['new', step.bind, word(step.export, 'a class')].join(' ');
    case 'fn':
      return [
        'fn',
        step.bind ?? -1,
        word(step.export, 'a function'),
        step.catch === true ? 1 : 0,
        ...args(step.args),
      ].join(' ');
    case 'call':
      return [
        'call',
        step.bind ?? -1,
        step.target,
        word(step.method, 'a method'),
        step.catch === true ? 1 : 0,
        ...args(step.args),
      ].join(' ');
    case 'same':
      return `same ${step.a} ${step.b}`;
    default:
      // Recorders are functions the student's code calls back: a native harness has none to give.
      throw new PitbossError('BAD_ASSIGNMENT', `a native harness cannot make a '${step.op}' step`);
  }
}

/** A request as the harness's lines: `request <id> <scripts>`, then `script <steps>` and a line a step. */
export function encodeNativeRequest(request: ExecRequest, argument: (arg: WireArg) => string): string {
  const lines = [`request ${request.id} ${request.scripts.length}`];
  for (const script of request.scripts) {
    lines.push(`script ${script.length}`);
    for (const step of script) lines.push(stepLine(step, argument));
  }
  return `${lines.join('\n')}\n`;
}
