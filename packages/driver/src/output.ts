import { writeSync } from 'node:fs';

/** Stdout was closed by the reader (`blackjack ... | head`): stop playing, quietly. */
export class OutputClosed extends Error {
  readonly code = 'OUTPUT_CLOSED';
}

const retryPause = new Int32Array(new SharedArrayBuffer(4));

/**
 * Writes all of `text` to a file descriptor synchronously. Bypassing process.stdout saves loading
 * Node's stream machinery, a third of a short run; a non-blocking pipe may still say EAGAIN.
 */
export function writeAll(fd: number, text: string): void {
  const bytes = Buffer.from(text);
  let offset = 0;
  while (offset < bytes.length) {
    try {
      offset += writeSync(fd, bytes, offset);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'EPIPE') throw new OutputClosed('stdout was closed');
      if (code !== 'EAGAIN') throw error;
      Atomics.wait(retryPause, 0, 0, 1);
    }
  }
}
