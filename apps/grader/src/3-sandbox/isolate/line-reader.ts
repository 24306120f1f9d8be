// The isolate host's reading of its requests (host-setup.ts): one JSON line each, on stdin.

/** Reads into `buffer` from `offset`, at most `length` bytes; 0 at the end of the input (or a failure). */
export type ReadInto = (buffer: Buffer, offset: number, length: number) => number;

/**
 * Lines, one a call, from what `read` gives; undefined at the end. A request can be a megabyte (a unit
 * test's scripts), arriving 64 KB a read: each read lands after the line so far, in a buffer that
 * doubles when the line fills half of it, and only the new bytes are searched for the line's end. (It
 * was copied whole at every read and searched again from its start: 3.5 times the processor for a
 * check's 7 MB of requests, measured.)
 */
export function lineReader(read: ReadInto): () => string | undefined {
  let held = Buffer.alloc(1 << 16);
  /** Where the next line begins, where the bytes read end, and up to where no line ends. */
  let start = 0;
  let end = 0;
  let searched = 0;
  return () => {
    for (;;) {
      const newline = held.subarray(0, end).indexOf(10, searched);
      if (newline >= 0) {
        const line = held.toString('utf8', start, newline);
        start = newline + 1;
        searched = start;
        return line;
      }
      searched = end;
      if (end === held.length) {
        // Full: the unfinished line moves to the front, into a buffer twice the size if it fills half.
        const size = end - start;
        const room = size * 2 > held.length ? Buffer.alloc(held.length * 2) : held;
        held.copy(room, 0, start, end);
        held = room;
        start = 0;
        end = size;
        searched = size;
      }
      const count = read(held, end, held.length - end);
      if (count <= 0) return undefined;
      end += count;
    }
  };
}
