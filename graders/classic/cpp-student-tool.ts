// The classic assignment's C++ edition as the student tool builds it, with no reference: a file's unit
// tests are its own object linked with the harness and the stand-ins of stand-ins-cpp/ (which hold no
// rule of the game) for the others. A player's tests then get a stand-in Hand holding the value the
// test gives (`v<count>.<soft>`), as the TypeScript tests hand a player a view of a value.
import { fileURLToPath } from 'node:url';
import type { NativeLanguage, WireArg } from '@pitboss/grader/kit';
import { cardsWithValue, cppLanguage, encodeArgument } from './cpp.ts';

/** A call's argument for the tool's harness: a hand as the value it holds, any other as the grader's. */
function encodeForTool(argument: WireArg): string {
  if (!('view' in argument)) return encodeArgument(argument);
  const value = argument.view.handValue as { count?: unknown; soft?: unknown } | undefined;
  if (typeof value?.count !== 'number' || typeof value.soft !== 'boolean')
    throw new Error('a C++ test can pass only a hand (a view with handValue) as an object');
  // A value no hand of cards has is refused here as the grader refuses it.
  cardsWithValue(value.count, value.soft);
  return `v${value.count}.${value.soft ? 1 : 0}`;
}

export const language: NativeLanguage = {
  ...cppLanguage,
  standIns: fileURLToPath(new URL('./stand-ins-cpp', import.meta.url)),
  encodeArgument: encodeForTool,
  studentTool: undefined,
};
