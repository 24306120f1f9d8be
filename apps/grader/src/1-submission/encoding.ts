// A submission's sources that are not UTF-8: read as UTF-8 all the same, and a note says so.
import type { Submission } from './submission.ts';

/** How a note on a file's encoding ends: a note of the submission's own content, kept with its report. */
export const ENCODING_NOTE_END =
  ': it was read as UTF-8 all the same, each byte that is not as \ufffd, which is what its strings print; save it as UTF-8';

/** Files read as code or tests: the ones whose encoding changes what is graded. */
const TEXT_SOURCE = /\.(ts|mts|cts|js|mjs|cjs|cpp|cc|h|hpp)$/;

/**
 * A note for each source that is not UTF-8 (saved as Latin-1 or UTF-16, say): it is read as UTF-8
 * all the same, each bad byte as U+FFFD, so a string it prints shows `�` and the report says why.
 */
export function encodingNotes(submission: Submission): string[] {
  const strict = new TextDecoder('utf-8', { fatal: true });
  const notes: string[] = [];
  for (const [path, bytes] of [...submission.snapshot.files].sort(([a], [b]) => (a < b ? -1 : 1))) {
    if (!TEXT_SOURCE.test(path)) continue;
    try {
      strict.decode(bytes);
    } catch {
      const at = firstBadByte(bytes);
      const line = bytes.subarray(0, at).filter((byte) => byte === 0x0a).length + 1;
      notes.push(
        `${path} is not UTF-8 text (byte 0x${bytes[at]!.toString(16).padStart(2, '0')} on line ${line})${ENCODING_NOTE_END}`,
      );
    }
  }
  return notes;
}

/** Where the first sequence that is not UTF-8 starts (WHATWG's decoder takes no shorter form). */
function firstBadByte(bytes: Uint8Array): number {
  const strict = new TextDecoder('utf-8', { fatal: true });
  let at = 0;
  while (at < bytes.length) {
    const lead = bytes[at]!;
    const length =
      lead < 0x80
        ? 1
        : lead >= 0xc2 && lead < 0xe0
          ? 2
          : lead >= 0xe0 && lead < 0xf0
            ? 3
            : lead >= 0xf0 && lead < 0xf5
              ? 4
              : 0;
    if (length === 0) return at;
    try {
      strict.decode(bytes.subarray(at, at + length));
    } catch {
      return at;
    }
    at += length;
  }
  return 0;
}
