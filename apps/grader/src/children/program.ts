// The third program beside student code: a student's own program (a transcript run), started with
// this preload in front of it. The preload is the whole of the grader's code in that process.

/**
 * Runs before the program's own module (`--import`): says on fd 3 that Node is up. Student code can
 * only ever run after it, so a process that never said it died of the machinery, not of the program.
 */
export const READY_PRELOAD = 'data:text/javascript,import{writeSync}from"node:fs";writeSync(3,"ready\\n")';
