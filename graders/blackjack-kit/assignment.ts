// An edition of the Blackjack assignment, built from its configuration: every edition's submission is
// deck.ts, hand.ts, player.ts and blackjack.ts beside the provided card.ts, rand.ts and contract.ts;
// the deck and the hand are tested alike everywhere, the driver is graded by transcripts of the
// edition's rule set (packages/driver). What is an edition's own: its rules, its player tests, its
// transcript cases, its folder (reference/, solution/, mutants.json, rubric.json) and its starter.
import { fileURLToPath } from 'node:url';
import { findRuleSet, playTranscript } from '@pitboss/driver';
import type { Assignment, ProvidedFile, TranscriptCase, UnitTest } from '@pitboss/grader/kit';
import { blackjackEvents } from './events.ts';
import { blackjackLimits } from './limits.ts';
import { expectedCalls } from './reference-calls.ts';
import { type GameSituation, gameSituations } from './situations.ts';
import { stubs } from './starter.ts';
import { deckTests } from './suites/deck.ts';
import { handTests } from './suites/hand.ts';

const kit = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export interface Edition {
  /** The rule set's name, as `--rules` takes it and as graders/<name>/ is named. */
  name: string;
  title: string;
  /** Bump when a test changes: results are keyed by it. */
  version: string;
  /** The fixed seed every property run derives its own from. */
  seed: number;
  /** The driver's rule set (packages/driver) the reference plays the transcripts with. */
  rules: string;
  /**
   * The edition's folder, as its index.ts's `import.meta.url`: it holds reference/ (the reference laid
   * out as a submission), solution/, mutants.json and rubric.json.
   */
  folder: string;
  /** The edition's own unit tests (its player.ts); every edition's deck and hand tests come first. */
  unitTests: readonly UnitTest[];
  /** The driver's transcript cases; a case's `files` are what its words name (a cuts file). */
  transcriptCases: readonly TranscriptCase[];
  /** Provided files beyond card.ts, rand.ts and contract.ts. */
  providedFiles?: readonly ProvidedFile[] | undefined;
  /** The stubs of the edition's player.ts and blackjack.ts (deck.ts and hand.ts are the kit's). */
  stubs: { player: string; blackjack: string };
  /** What `pitboss init` writes besides the provided files and the stubs (starter.ts's `starterFiles`). */
  starterFiles: Readonly<Record<string, string>>;
  /**
   * player.ts's recorder for the call check (recording/player.ts: the one-player editions' getSimple
   * and getCounting); deck.ts's is the kit's.
   */
  playerRecorder?: string | undefined;
  /** A self-contained module of live properties for the student tool, if the edition has one. */
  liveTestsModule?: string | undefined;
  /**
   * The game situations the drawn (`generated`) transcript cases must reach, each with its floor: how
   * many of the cases at least (situations.ts plays each with the reference).
   */
  situations?: Partial<Record<GameSituation, number>> | undefined;
}

/** What a rule set reads from a case's files (a cuts file): the case's own text, never the disk. */
function readCaseFile(transcriptCase: TranscriptCase, path: string): string {
  const text = transcriptCase.files?.[path];
  if (text === undefined) throw Object.assign(new Error(`no such file: ${path}`), { code: 'ENOENT' });
  return text;
}

export function blackjackAssignment(edition: Edition): Assignment {
  const own = (path: string) => fileURLToPath(new URL(path, edition.folder));
  const ruleSet = findRuleSet(edition.rules);
  if (ruleSet === undefined)
    throw new Error(`${edition.name}: the driver has no rule set '${edition.rules}'`);
  return {
    name: edition.name,
    title: edition.title,
    version: edition.version,
    seed: edition.seed,
    numRuns: 200,
    studentFiles: [
      { name: 'deck.ts', stub: stubs.deck },
      { name: 'hand.ts', stub: stubs.hand },
      { name: 'player.ts', stub: edition.stubs.player },
      { name: 'blackjack.ts', stub: edition.stubs.blackjack },
    ],
    providedFiles: [
      { name: 'card.ts', source: kit('../../packages/deck/src/card.ts') },
      { name: 'rand.ts', source: kit('../../packages/deck/src/rand.ts') },
      { name: 'contract.ts', source: kit('./provided/contract.ts') },
      ...(edition.providedFiles ?? []),
    ],
    referenceDir: own('./reference'),
    solutionDir: own('./solution'),
    mutantsFile: own('./mutants.json'),
    // The handout asks for tests of the ADTs; the driver is graded by transcripts.
    studentTests: { folder: 'tests', suffix: '.test.ts', about: ['deck.ts', 'hand.ts', 'player.ts'] },
    unitTests: [...deckTests, ...handTests, ...edition.unitTests],
    transcripts: {
      program: 'blackjack.ts',
      cases: edition.transcriptCases,
      expected: (transcriptCase) =>
        playTranscript(ruleSet, transcriptCase.words, {
          readFile: (path) => readCaseFile(transcriptCase, path),
        }).text,
      // SPEC section 3's calls (a shuffle's cuts, then the player told; each card it may see, and no
      // other): a driver can get them wrong where no transcript shows it.
      calls: {
        recorders: {
          'deck.ts': kit('./recording/deck.ts'),
          'player.ts': edition.playerRecorder ?? kit('./recording/player.ts'),
        },
        expected: (transcriptCase) =>
          expectedCalls(ruleSet, transcriptCase, (path) => readCaseFile(transcriptCase, path)),
      },
      // The game apart from its format: bets, cards shown, outcomes, bankrolls (events.ts).
      events: blackjackEvents,
      situations:
        edition.situations === undefined
          ? undefined
          : { generated: gameSituations(ruleSet, readCaseFile, edition.situations) },
    },
    rubricFile: own('./rubric.json'),
    limits: blackjackLimits,
    starterFiles: edition.starterFiles,
    wordsModule: kit('./words-for-students.ts'),
    eventsModule: kit('./events.ts'),
    liveTestsModule: edition.liveTestsModule,
  };
}
