// The third program beside student code: a student's own program (a transcript run), started with
// this preload in front of it (`--import`). The preload is the whole of the grader's code in that
// process: it makes chance repeatable (chance.ts) and says on the record channel, fd 3, that Node is
// up, then each first use of chance by a file, as `chance<TAB>call<TAB>file`. Student code can only
// ever run after `ready`, so a process that never said it died of the machinery, not of the program.
import { writeSync } from 'node:fs';
import { CHANCE_RECORD, installChance } from './chance.ts';

const write = writeSync;
installChance((call, file) => {
  write(3, `${CHANCE_RECORD}\t${call}\t${file ?? ''}\n`);
});
write(3, 'ready\n');
