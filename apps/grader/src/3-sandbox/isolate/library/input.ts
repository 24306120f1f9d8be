// What a run reads in the in-isolate library: its stdin (read whole, synchronously, as events or through
// readline) and its case files (a read-only fs, which also writes to the run's output).
import type { Buffer as BufferClass } from 'buffer';
import EventEmitter from 'events';
import { URL } from '../web.ts';
import { bufferClass, input } from './handed.ts';
import { bytesOf, recordLine, utf8Length, writeErr, writeOut } from './output.ts';
import { setImmediateStandIn } from './timers.ts';

export const SUBMISSION = '/submission';
/** The fd a recorder writes its calls on (kit/calls.ts's RECORD_FD). */
const RECORD_FD = 3;

// --- stdin: the run's whole input, read synchronously or as events -------------------------------
let stdinLoaded: BufferClass | undefined;
const stdinBytes = (): BufferClass => (stdinLoaded ??= bufferClass().from(input.stdin, 'utf8'));
let stdinAt = 0;

function stdinRead(): BufferClass {
  const bytes = stdinBytes();
  const rest = bytes.subarray(stdinAt);
  stdinAt = bytes.length;
  return rest;
}

class Stdin extends EventEmitter {
  isTTY = false;
  fd = 0;
  #encoding: string | undefined;
  #flowing = false;
  #ended = false;
  setEncoding(encoding: string) {
    this.#encoding = encoding;
    return this;
  }
  resume() {
    this.#flow();
    return this;
  }
  pause() {
    return this;
  }
  read() {
    const rest = stdinRead();
    return rest.length === 0 ? null : this.#encoding === undefined ? rest : rest.toString('utf8');
  }
  override on(event: string | symbol, listener: (...args: unknown[]) => void) {
    super.on(event, listener);
    if (event === 'data' || event === 'end' || event === 'readable') this.#flow();
    return this;
  }
  #flow() {
    if (this.#flowing) return;
    this.#flowing = true;
    setImmediateStandIn(() => {
      const rest = stdinRead();
      if (rest.length > 0) {
        this.emit('readable');
        this.emit('data', this.#encoding === undefined ? rest : rest.toString('utf8'));
      }
      if (!this.#ended) {
        this.#ended = true;
        this.emit('end');
        this.emit('close');
      }
    });
  }
  async *[Symbol.asyncIterator]() {
    const rest = stdinRead();
    if (rest.length > 0) yield this.#encoding === undefined ? rest : rest.toString('utf8');
  }
}
export const stdin = new Stdin();

// --- readline over the run's stdin ----------------------------------------------------------------
class Interface extends EventEmitter {
  terminal = false;
  line = '';
  closed = false;
  #prompt = '> ';
  #output: { write?: (text: string) => unknown } | undefined;
  #lines: string[] | undefined;
  #questions: ((answer: string) => void)[] = [];
  #scheduled = false;
  #paused = false;
  constructor(options: { output?: unknown; prompt?: unknown } = {}) {
    super();
    this.#output = options.output as Interface['_output'];
    if (typeof options.prompt === 'string') this.#prompt = options.prompt;
    this.#schedule();
  }
  get _output() {
    return this.#output;
  }
  #take(): string[] {
    if (this.#lines === undefined) {
      const text = stdinRead().toString('utf8');
      const lines = text.split(/\r?\n/);
      if (lines.at(-1) === '') lines.pop();
      this.#lines = lines;
    }
    return this.#lines;
  }
  #schedule() {
    if (this.#scheduled) return;
    this.#scheduled = true;
    setImmediateStandIn(() => {
      this.#scheduled = false;
      this.#pump();
    });
  }
  #pump() {
    const lines = this.#take();
    while (!this.closed && !this.#paused && lines.length > 0) {
      const line = lines.shift()!;
      const question = this.#questions.shift();
      if (question !== undefined) question(line);
      else this.emit('line', line);
    }
    if (!this.closed && !this.#paused && lines.length === 0) this.close();
  }
  question(query: string, ...rest: unknown[]) {
    const callback = rest.at(-1) as (answer: string) => void;
    this.#output?.write?.(query);
    this.#questions.push(callback);
    this.#schedule();
  }
  setPrompt(prompt: string) {
    this.#prompt = prompt;
  }
  getPrompt() {
    return this.#prompt;
  }
  prompt() {
    this.#output?.write?.(this.#prompt);
  }
  pause() {
    this.#paused = true;
    return this;
  }
  resume() {
    this.#paused = false;
    this.#schedule();
    return this;
  }
  write() {}
  close() {
    if (this.closed) return;
    this.closed = true;
    this.emit('close');
  }
  async *[Symbol.asyncIterator]() {
    const lines = this.#take();
    this.#paused = true;
    while (lines.length > 0) yield lines.shift()!;
    this.close();
  }
}
export const readline = {
  createInterface: (options: unknown = {}) =>
    new Interface(options as ConstructorParameters<typeof Interface>[0]),
  Interface,
};

// --- fs: the run's own case files and stdin, read-only ---------------------------------------------
const files = new Map(Object.entries(input.files));

export function fsError(code: string, syscall: string, path: unknown): Error {
  const words: Record<string, string> = {
    ENOENT: 'no such file or directory',
    EACCES: 'permission denied',
    EBADF: 'bad file descriptor',
  };
  const error = new Error(`${code}: ${words[code] ?? code}, ${syscall} '${String(path)}'`) as Error & {
    code: string;
    syscall: string;
    path: string;
    errno: number;
  };
  error.code = code;
  error.syscall = syscall;
  error.path = String(path);
  error.errno = code === 'ENOENT' ? -2 : -13;
  return error;
}

function fileOf(path: unknown): BufferClass | undefined {
  if (path === 0 || path === '/dev/stdin') return stdinRead();
  if (typeof path !== 'string' && !(path instanceof URL)) return undefined;
  let name = String(path);
  if (name.startsWith('file://')) name = name.slice('file://'.length);
  if (name.startsWith(`${SUBMISSION}/`)) name = name.slice(SUBMISSION.length + 1);
  if (name.startsWith('./')) name = name.slice(2);
  const text = files.get(name);
  return text === undefined ? undefined : bufferClass().from(text, 'utf8');
}

const encodingOf = (options: unknown): string | undefined =>
  typeof options === 'string'
    ? options
    : typeof options === 'object' && options !== null
      ? ((options as { encoding?: string }).encoding ?? undefined)
      : undefined;

export const fs = {
  readFileSync(path: unknown, options?: unknown) {
    const bytes = fileOf(path);
    if (bytes === undefined) throw fsError('ENOENT', 'open', path);
    const encoding = encodingOf(options);
    return encoding === undefined ? bytes : bytes.toString(encoding as BufferEncoding);
  },
  existsSync(path: unknown) {
    return path !== 0 && fileOf(path) !== undefined;
  },
  readSync(fd: unknown, buffer: Uint8Array, offset?: unknown, length?: unknown, _position?: unknown) {
    if (fd !== 0) throw fsError('EBADF', 'read', fd);
    const at = typeof offset === 'number' ? offset : 0;
    const most = typeof length === 'number' ? length : buffer.length - at;
    const bytes = stdinBytes();
    const count = Math.max(0, Math.min(most, bytes.length - stdinAt, buffer.length - at));
    buffer.set(bytes.subarray(stdinAt, stdinAt + count), at);
    stdinAt += count;
    return count;
  },
  writeSync(fd: unknown, data: unknown, offset?: unknown, length?: unknown) {
    let bytes = bytesOf(data, typeof offset === 'string' ? offset : undefined);
    if (bytes instanceof Uint8Array && typeof offset === 'number') {
      bytes = bytes.subarray(offset, typeof length === 'number' ? offset + length : undefined);
    }
    if (fd === 1) writeOut(bytes);
    else if (fd === 2) writeErr(bytes);
    else if (fd === RECORD_FD) {
      // The record channel of a linked run's recorders (kit/calls.ts): one call a line.
      const text = typeof bytes === 'string' ? bytes : bufferClass().from(bytes).toString('utf8');
      for (const line of text.split('\n')) if (line !== '') recordLine(line);
    } else throw fsError('EBADF', 'write', fd);
    return typeof bytes === 'string' ? utf8Length(bytes) : bytes.length;
  },
};
