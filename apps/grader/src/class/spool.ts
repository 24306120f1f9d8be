// What a run holds between grading a submission and writing the class's files: each value as JSON in
// one file on disk, by its place in the run, never in memory. Submissions finish in any order; the
// class's files are written in the submissions' order, one value read back at a time, so the memory a
// run needs does not grow with its class.
import { closeSync, mkdtempSync, openSync, readSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { PitbossError } from '../plumbing/errors.ts';

export class Spool {
  /** Where its folder goes: asked on first use, so that nothing is made for a run that spools nothing. */
  readonly #parent: () => string;
  #dir: string | undefined;
  #fd: number | undefined;
  #end = 0;
  /** Each value's bytes in the file, by its place. */
  readonly #places = new Map<number, { offset: number; length: number }>();
  /** A run stopped (Ctrl-C exits through the work root's handler) leaves no spool behind either. */
  readonly #onExit = () => this.remove();

  constructor(parent: () => string) {
    this.#parent = parent;
  }

  #file(): number {
    if (this.#fd === undefined) {
      // Its own folder, made private (mkdtemp: 0700): the values are instructor's reports.
      this.#dir = mkdtempSync(join(this.#parent(), '.pitboss-spool-'));
      process.on('exit', this.#onExit);
      this.#fd = openSync(join(this.#dir, 'values.json'), 'w+', 0o600);
    }
    return this.#fd;
  }

  /** Keeps `value` (JSON) as the one at `place`. */
  put(place: number, value: unknown): void {
    const bytes = Buffer.from(JSON.stringify(value), 'utf8');
    const fd = this.#file();
    for (let done = 0; done < bytes.length; )
      done += writeSync(fd, bytes, done, bytes.length - done, this.#end + done);
    this.#places.set(place, { offset: this.#end, length: bytes.length });
    this.#end += bytes.length;
  }

  has(place: number): boolean {
    return this.#places.has(place);
  }

  /** The value kept at `place`, read back from disk; undefined when none was. */
  get<T>(place: number): T | undefined {
    const at = this.#places.get(place);
    if (at === undefined || this.#fd === undefined) return undefined;
    const bytes = Buffer.alloc(at.length);
    for (let done = 0; done < at.length; ) {
      const read = readSync(this.#fd, bytes, done, at.length - done, at.offset + done);
      if (read === 0)
        throw new PitbossError('INFRASTRUCTURE', `the run's spool ended before its value at ${place}`);
      done += read;
    }
    return JSON.parse(bytes.toString('utf8')) as T;
  }

  /** Removes its file and folder: nothing of it is left once the run has written what it holds. */
  remove(): void {
    process.off('exit', this.#onExit);
    if (this.#fd !== undefined) closeSync(this.#fd);
    if (this.#dir !== undefined) rmSync(this.#dir, { recursive: true, force: true });
    this.#fd = undefined;
    this.#dir = undefined;
    this.#places.clear();
    this.#end = 0;
  }
}
