// Standard input, a word at a time: words are separated by any whitespace, as `cin >>` reads them.
import { readSync } from 'node:fs';

export class WordReader {
  private buffer = '';
  private ended = false;

  /** The next word, or undefined once the input has ended. */
  next(): string | undefined {
    for (;;) {
      const match = /^\s*(\S+)(\s|$)/.exec(this.buffer);
      if (match !== null && (match[2] !== '' || this.ended)) {
        this.buffer = this.buffer.slice(match[0].length - match[2]!.length);
        return match[1];
      }
      if (this.ended) return undefined;
      this.readChunk();
    }
  }

  private readChunk(): void {
    const chunk = Buffer.alloc(65536);
    let count = 0;
    try {
      count = readSync(0, chunk, 0, chunk.length, null);
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (code === 'EAGAIN') return;
      if (code !== 'EOF') throw error;
    }
    if (count === 0) this.ended = true;
    else this.buffer += chunk.toString('utf8', 0, count);
  }
}
