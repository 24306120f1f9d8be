// A transcript's two parts: the game (the events the assignment reads in an output, compared in
// order) and the format (the bytes). Nothing here knows a game: the assignment's `events` reads them.
import type { EventDifference, GameEvent, GameEvents, ReadAllowance } from '../kit/assignment.ts';

/** Reading an output stopped: the submission's time budget ran out while it was read. */
export class ReadingStopped extends Error {
  readonly code = 'READING_STOPPED';
}

/** Lines read between two looks at the clock: a look costs more than a line of a linear reader. */
const LINES_PER_LOOK = 64;

/** An allowance of `ms` milliseconds from now, looked at every LINES_PER_LOOK lines. */
export function allowanceOf(ms: number): ReadAllowance {
  const deadline = performance.now() + ms;
  let lines = 0;
  return {
    line() {
      if (++lines % LINES_PER_LOOK === 0 && performance.now() > deadline) throw new ReadingStopped();
    },
  };
}

/**
 * The events of an output; an assignment's reader that throws reads as no events (its bug, never the
 * student's crash), but for an allowance that ran out, which stops the reading (ReadingStopped).
 */
export function readEvents(events: GameEvents, output: string, allowance?: ReadAllowance): GameEvent[] {
  try {
    return events.read(output, allowance);
  } catch (error) {
    if (error instanceof ReadingStopped) throw error;
    return [];
  }
}

/** The course's outputs read so far, by reader: most of a grade's reading, the same text each submission. */
const courseRead = new WeakMap<GameEvents, Map<string, readonly GameEvent[]>>();
/** Course outputs kept a reader: the cases' and a shrinking's few hundred, never a semester's. */
const COURSE_KEPT = 1024;

/**
 * The events of the course's output (the reference's, never a student's: so read without an
 * allowance, and read once a process). Reading is a function of the text, so a text read before is
 * the same events; the list is frozen, as every verdict that holds it shares it.
 */
export function courseEvents(events: GameEvents, expected: string): readonly GameEvent[] {
  let read = courseRead.get(events);
  if (read === undefined) {
    read = new Map();
    courseRead.set(events, read);
  }
  let course = read.get(expected);
  if (course === undefined) {
    if (read.size >= COURSE_KEPT) read.clear();
    course = Object.freeze(readEvents(events, expected));
    read.set(expected, course);
  }
  return course;
}

/** Where two event lists first part, or undefined when they are equal. */
export function compareEvents(
  yours: readonly GameEvent[],
  course: readonly GameEvent[],
): EventDifference | undefined {
  const length = Math.max(yours.length, course.length);
  for (let index = 0; index < length; index++) {
    const mine = yours[index];
    const theirs = course[index];
    if (mine?.key === theirs?.key) continue;
    return { index, yours: mine, course: theirs, yoursAll: yours, courseAll: course };
  }
  return undefined;
}

/** Where the game first differs, as data: its round, the course's line and (unless withheld) the program's. */
export interface GameAt {
  round: number;
  line: number;
  actualLine?: number | undefined;
}

export function gameAt(difference: EventDifference, withhold: boolean): GameAt {
  const { yours, course } = difference;
  const round = course?.round ?? yours?.round ?? 1;
  // Past the course's last event its line is the last event's.
  const line = course?.line ?? difference.courseAll.at(-1)?.line ?? 1;
  return withhold || yours === undefined ? { round, line } : { round, line, actualLine: yours.line };
}

/**
 * The first differing event in the game's words. `withhold`: the program ran beside the reference's
 * files, so only the course's side is told (where, and what the course does there), never a hint read
 * from the program's events.
 */
export function describeGameDifference(
  difference: EventDifference,
  events: GameEvents,
  withhold: boolean,
): string {
  const { yours, course } = difference;
  if (withhold) {
    const lead =
      course === undefined
        ? `the game differs after the course's last event (its line ${difference.courseAll.at(-1)?.line ?? 1})`
        : `the game first differs in round ${course.round}, at the course's line ${course.line}: ${course.say('the course')}`;
    return `${lead} (what your program printed is not shown here: it ran with the reference's files)`;
  }
  let said: string;
  if (yours !== undefined && course !== undefined)
    said = `round ${course.round}, line ${yours.line}: ${yours.say('you')} where ${course.say('the course')} (its line ${course.line})`;
  else if (course !== undefined)
    said = `round ${course.round}: your output tells no more of the game, where ${course.say('the course')} (its line ${course.line})`;
  else
    said = `round ${yours!.round}, line ${yours!.line}: ${yours!.say('you')} after the course's game has ended`;
  let hint: string | undefined;
  try {
    hint = events.hint?.(difference);
  } catch {
    hint = undefined;
  }
  return hint === undefined ? said : `${said}: ${hint}`;
}

/** What alone tells two outputs apart when their bytes differ and their games do not, if one thing does. */
export type FormatOnly = 'whitespace' | 'case' | 'prompts';

/** Each line's runs of whitespace as one space, its ends trimmed, blank lines dropped. */
const squeezed = (text: string): string =>
  text
    .replaceAll('\r\n', '\n')
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter((line) => line !== '')
    .join('\n');

/**
 * Whether two different outputs differ only in whitespace, in letter case (and whitespace), or in the
 * program's prompts (and case or whitespace): the first of these that makes them equal.
 */
export function formatOnly(
  expected: string,
  actual: string,
  withoutPrompts?: ((output: string) => string) | undefined,
): FormatOnly | undefined {
  const a = squeezed(expected);
  const b = squeezed(actual);
  if (a === b) return 'whitespace';
  if (a.toLowerCase() === b.toLowerCase()) return 'case';
  if (withoutPrompts === undefined) return undefined;
  try {
    const pa = squeezed(withoutPrompts(expected)).toLowerCase();
    const pb = squeezed(withoutPrompts(actual)).toLowerCase();
    return pa === pb ? 'prompts' : undefined;
  } catch {
    return undefined;
  }
}

export const FORMAT_ONLY_WORDS: Readonly<Record<FormatOnly, string>> = {
  whitespace: 'only whitespace differs',
  case: 'only letter case (and perhaps whitespace) differs',
  prompts: 'only the prompts differ (and perhaps letter case or whitespace)',
};
