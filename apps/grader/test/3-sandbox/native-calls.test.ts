// The unit tests' calls as a native harness reads them (3-sandbox/native/calls.ts): a line a step.
import { describe, expect, it } from 'vitest';
import type { WireArg } from '../../src/3-sandbox/children/executor/calls.ts';
import { encodeNativeRequest } from '../../src/3-sandbox/native/calls.ts';

/** An assignment's words for an argument: here its data as JSON, which has no space for these values. */
const argument = (arg: WireArg) =>
  'data' in arg ? `d${JSON.stringify(arg.data)}` : 'ref' in arg ? `r${arg.ref}` : 'v';

describe('a request as a native harness reads it', () => {
  it('writes a line a step: what it makes, binds, calls, catches and passes', () => {
    const request = {
      id: 7,
      scripts: [
        [
          { op: 'new' as const, file: 'deck.cpp', export: 'Deck', args: [], bind: 0 },
          { op: 'call' as const, target: 0, method: 'shuffle', args: [{ data: 26 }], bind: 1 },
          { op: 'call' as const, target: 0, method: 'deal', args: [], catch: true },
          { op: 'fn' as const, file: 'player.cpp', export: 'getSimple', args: [{ ref: 1 }], bind: 2 },
        ],
        [{ op: 'same' as const, a: 0, b: 1 }],
      ],
    };
    expect(encodeNativeRequest(request, argument)).toBe(
      'request 7 2\nscript 4\nnew 0 Deck\ncall 1 0 shuffle 0 d26\ncall -1 0 deal 1\nfn 2 getSimple 0 r1\nscript 1\nsame 0 1\n',
    );
  });

  it('refuses a step a harness cannot make, and a word that would read as two', () => {
    expect(() => encodeNativeRequest({ id: 1, scripts: [[{ op: 'recorder', bind: 0 }]] }, argument)).toThrow(
      /cannot make a 'recorder' step/,
    );
    expect(() =>
      encodeNativeRequest(
        { id: 1, scripts: [[{ op: 'call', target: 0, method: 'deal now', args: [] }]] },
        argument,
      ),
    ).toThrow(/a method 'deal now' cannot travel/);
    expect(() =>
      encodeNativeRequest(
        { id: 1, scripts: [[{ op: 'call', target: 0, method: 'bet', args: [{ data: 'a b' }] }]] },
        argument,
      ),
    ).toThrow(/an argument/);
  });
});
