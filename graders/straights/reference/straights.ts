// The reference program, laid out as a submission's: packages/straights' CLI on this process's
// arguments, stdin and stdout.
import { readFileSync } from 'node:fs';
import { runCli, wordsOf } from '@pitboss/straights';

process.exitCode = runCli(process.argv.slice(2), {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  stdin: wordsOf(readFileSync(0, 'utf8')),
  clockSeed: () => Date.now() >>> 0,
});
