// The student tool's recording at rest (recorded.json.gz): packed, gzipped, read back, it is the
// recording it was made from, value for value; a file that is not one is one clear error.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import {
  packRecording,
  type RecordedAssignment,
  type RecordedStep,
  readRecording,
} from '../../src/kit/recorded.ts';

const dir = mkdtempSync(join(tmpdir(), 'pitboss-recording-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A few values of each part, so that steps repeat them as a test's calls do. */
const step: fc.Arbitrary<RecordedStep> = fc.record({
  wire: fc.constantFrom(
    { op: 'new', file: 'deck.ts', export: 'Deck', args: [], bind: 0 },
    { op: 'call', target: 0, method: 'deal', args: [], bind: 1, catch: true },
    { op: 'call', target: 0, method: 'cut', args: [{ data: 26 }] },
  ) as fc.Arbitrary<RecordedStep['wire']>,
  text: fc.oneof(fc.constantFrom('new Deck()', 'new deck; deal()'), fc.string()),
  expect: fc.oneof(
    fc.constant({ returns: true as const }),
    fc.record({
      value: fc.oneof(fc.integer(), fc.constant({ $: 'object', c: 'Object', v: { spot: 0, suit: 1 } })),
    }),
    fc.constant({ throws: { provided: 'DeckEmpty', name: 'Error' } }),
    fc.constant({ throws: { name: 'RangeError' } }),
  ) as fc.Arbitrary<RecordedStep['expect']>,
});

const recording = (unitTests: RecordedAssignment['unitTests']): RecordedAssignment => ({
  pitboss: 'student-tool',
  format: 1,
  name: 'classic',
  title: 'Blackjack',
  version: '2',
  seed: 7,
  numRuns: 100,
  studentFiles: [{ name: 'deck.ts', stub: 'export class Deck {}' }],
  provided: ['card.ts'],
  studentTests: { folder: 'tests', suffix: '.test.ts', about: [] },
  limits: { testTimeoutMs: 1000, programTimeoutMs: 1000, heapMb: 64, outputBytes: 1 << 20 },
  starterFiles: {},
  transcripts: {
    program: 'blackjack.ts',
    cases: [{ group: 'course', words: ['1', '2'], expected: 'Shuffling\n' }],
  },
  unitTests,
});

describe('the recording at rest', () => {
  it('reads back as the recording it was packed from', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            id: fc.constantFrom('deck.model', 'hand.over-21'),
            name: fc.string(),
            file: fc.constantFrom('deck.ts', 'hand.ts'),
            scripts: fc.array(fc.array(step, { maxLength: 12 }), { maxLength: 6 }),
          }),
          { maxLength: 4 },
        ),
        (unitTests) => {
          const file = join(dir, 'recorded.json.gz');
          const data = recording(unitTests);
          writeFileSync(file, packRecording(data));
          expect(readRecording(file)).toStrictEqual(JSON.parse(JSON.stringify(data)));
        },
      ),
      { numRuns: 200 },
    );
  });

  it('stores each repeated step once: a thousand calls alike take little more room than one', () => {
    const calls = (n: number) =>
      recording([
        {
          id: 'deck.model',
          name: 'deals',
          file: 'deck.ts',
          scripts: Array.from(
            { length: n },
            () =>
              [
                {
                  wire: { op: 'call', target: 0, method: 'deal', args: [], bind: 1 },
                  text: 'new deck; deal()',
                  expect: { returns: true },
                },
              ] as RecordedStep[],
          ),
        },
      ]);
    const one = packRecording(calls(1)).length;
    const thousand = packRecording(calls(1000)).length;
    expect(thousand).toBeLessThan(one + 200);
  });

  it('refuses a file that is no recording, in one line with its code', () => {
    const cases: [string, Buffer][] = [
      ['not-gzip', Buffer.from('{"pitboss":"student-tool"}')],
      ['not-json', gzipSync('not json')],
      ['old-format', gzipSync(JSON.stringify({ pitboss: 'student-tool', format: 1 }))],
    ];
    for (const [name, bytes] of cases) {
      const file = join(dir, name);
      writeFileSync(file, bytes);
      let thrown: unknown;
      try {
        readRecording(file);
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toMatchObject({ code: 'BAD_ASSIGNMENT' });
      expect((thrown as Error).message).not.toContain('\n');
      expect((thrown as Error).message).toContain(file);
    }
  });
});
