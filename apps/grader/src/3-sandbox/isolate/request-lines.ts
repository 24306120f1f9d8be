// A request to the isolate host as the grader writes it (client.ts): a line of JSON; an exec request's
// scripts on a line of their own after it (protocol.ts, execLines).
import type { ExecRequest } from '../children/executor/calls.ts';
import { execLines, type HostRequest } from './protocol.ts';

/**
 * Each exec request's scripts as JSON text, made once: the kept run's key hashes it and the host is
 * sent it (a unit test's scripts are a megabyte).
 */
const scriptsTexts = new WeakMap<ExecRequest, string>();
export function scriptsTextOf(exec: ExecRequest): string {
  let text = scriptsTexts.get(exec);
  if (text === undefined) {
    text = JSON.stringify(exec.scripts);
    scriptsTexts.set(exec, text);
  }
  return text;
}

/** A request as the host reads it: a line of JSON; an exec request's scripts on a line after it. */
export function encodeHostRequest(request: object): string {
  const asked = request as HostRequest;
  return asked.kind === 'exec'
    ? execLines(asked, scriptsTextOf(asked.request))
    : `${JSON.stringify(asked)}\n`;
}
