// The isolate host's setting up (host.ts): the grader's token and the preamble, read from stdin before
// anything else, isolated-vm (or its `node:vm` stand-in) loaded from where the preamble says, and the
// scripts made inside isolates read once. Every part of the host reads them from here.
import { readFileSync, readSync, writeSync } from 'node:fs';
import { createRequire } from 'node:module';
import type * as IVM from 'isolated-vm';
import { lineReader } from './line-reader.ts';
import { type HostPreamble, VM_ENGINE } from './protocol.ts';
import * as vmEngine from './vm-engine.ts';

const REPLY_FD = 3;

/** Reads stdin a line at a time, synchronously (a read the pipe is not ready for is tried again). */
export const next = lineReader((buffer, offset, length) => {
  for (;;) {
    try {
      return readSync(0, buffer, offset, length, null);
    } catch (error) {
      if ((error as { code?: unknown }).code !== 'EAGAIN') return 0;
    }
  }
});
const token = next();
const preambleLine = next();
if (token === undefined || preambleLine === undefined) process.exit(0);
export const preamble = JSON.parse(preambleLine) as HostPreamble;
// Without isolated-vm (VM_ENGINE), the same runs in `node:vm` contexts, one run per host process.
export const ivm = (
  preamble.isolatedVm === VM_ENGINE ? vmEngine : createRequire(import.meta.url)(preamble.isolatedVm)
) as typeof IVM;
export const librarySource = readFileSync(preamble.library, 'utf8');
export const executorSource = readFileSync(preamble.executor, 'utf8');
export const testsSource = readFileSync(preamble.tests, 'utf8');
export const bridgeReferenceSource = readFileSync(preamble.bridgeReference, 'utf8');
export const bridgeStudentSource = readFileSync(preamble.bridgeStudent, 'utf8');
/**
 * The library's larger parts (Buffer, util, assert), each a function made when a context starts and
 * called by its first use in the run (library.ts, `part`). One script for the three, compiled once an
 * isolate: the functions' code is compiled once too, at the first call in any context, and every
 * later context reuses it (an `eval` of the text, as before, compiled it again in each).
 */
export const partsSource = [
  'globalThis.__pitbossPartMakers = {',
  ...(['buffer', 'util', 'assert'] as const).map(
    (name) => `${name}: function () {\n${readFileSync(preamble.parts[name], 'utf8')}\n},`,
  ),
  '};',
].join('\n');

export const reply = (message: object) => writeSync(REPLY_FD, `${JSON.stringify({ token, ...message })}\n`);
