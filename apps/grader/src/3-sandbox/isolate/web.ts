// The web globals Node gives every program that an isolate lacks, as small pure JavaScript made in
// it (library.ts): URL and URLSearchParams (the parts programs use: parse, resolve against a base,
// read and edit the parts and the query), structuredClone, AbortController. What they print and
// throw is what Node's print and throw for the same uses.

const SPECIAL_PORTS: Record<string, string> = {
  'http:': '80',
  'https:': '443',
  'ws:': '80',
  'wss:': '443',
  'ftp:': '21',
};
const special = (protocol: string) => protocol in SPECIAL_PORTS || protocol === 'file:';

function invalid(input: string): TypeError {
  const error = new TypeError('Invalid URL') as TypeError & { code: string; input: string };
  error.code = 'ERR_INVALID_URL';
  error.input = input;
  return error;
}

/** Control characters, space and what is past ASCII: the URL standard's sets encode them all. */
const unsafe = (c: string) => c.codePointAt(0)! <= 0x20 || c.codePointAt(0)! >= 0x7f || '"<>`'.includes(c);
/** Percent-encodes what a URL's part may not hold as it is (UTF-8, as the URL standard does). */
function encodeSet(text: string, extra: RegExp): string {
  let out = '';
  for (let i = 0; i < text.length; ) {
    const c = String.fromCodePoint(text.codePointAt(i)!);
    const lone = c.length === 1 && c >= '\ud800' && c <= '\udfff';
    out += lone
      ? '%EF%BF%BD'
      : unsafe(c)
        ? encodeURIComponent(c)
        : c === '%' && !/^%[0-9a-fA-F]{2}/.test(text.slice(i))
          ? '%25'
          : c;
    i += c.length;
  }
  return out.replace(extra, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

function removeDots(path: string): string {
  const out: string[] = [];
  const segments = path.split('/');
  for (let i = 0; i < segments.length; i++) {
    const segment = segments[i]!;
    const last = i === segments.length - 1;
    if (segment === '..') {
      if (out.length > 1) out.pop();
      if (last) out.push('');
    } else if (segment === '.') {
      if (last) out.push('');
    } else out.push(segment);
  }
  return out.join('/');
}

const formEncode = (text: string) =>
  encodeURIComponent(text)
    .replace(/%20/g, '+')
    .replace(/[!'()~]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
const formDecode = (text: string) => {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text.replace(/\+/g, ' ');
  }
};

export class URLSearchParams {
  #pairs: [string, string][] = [];
  #changed: ((search: string) => void) | undefined;

  constructor(init: unknown = '') {
    if (typeof init === 'object' && init !== null) {
      if (Symbol.iterator in init)
        for (const pair of init as Iterable<unknown>) {
          const [name, value] = [...(pair as Iterable<unknown>)];
          this.#pairs.push([String(name), String(value)]);
        }
      else for (const [name, value] of Object.entries(init)) this.#pairs.push([name, String(value)]);
    } else this.#parse(String(init));
  }

  #parse(text: string): void {
    this.#pairs = [];
    for (const piece of (text.startsWith('?') ? text.slice(1) : text).split('&')) {
      if (piece === '') continue;
      const at = piece.indexOf('=');
      this.#pairs.push(
        at < 0 ? [formDecode(piece), ''] : [formDecode(piece.slice(0, at)), formDecode(piece.slice(at + 1))],
      );
    }
  }

  /** The URL's side: its query changed there, or here (tell it). */
  static link(params: URLSearchParams, search: string, changed: (search: string) => void): void {
    params.#parse(search);
    params.#changed = changed;
  }
  static reparse(params: URLSearchParams, search: string): void {
    params.#parse(search);
  }

  #update(): void {
    this.#changed?.(this.toString());
  }
  get size(): number {
    return this.#pairs.length;
  }
  append(name: string, value: string): void {
    this.#pairs.push([String(name), String(value)]);
    this.#update();
  }
  delete(name: string): void {
    this.#pairs = this.#pairs.filter(([key]) => key !== String(name));
    this.#update();
  }
  get(name: string): string | null {
    return this.#pairs.find(([key]) => key === String(name))?.[1] ?? null;
  }
  getAll(name: string): string[] {
    return this.#pairs.filter(([key]) => key === String(name)).map(([, value]) => value);
  }
  has(name: string): boolean {
    return this.#pairs.some(([key]) => key === String(name));
  }
  set(name: string, value: string): void {
    const key = String(name);
    const at = this.#pairs.findIndex(([each]) => each === key);
    if (at < 0) this.#pairs.push([key, String(value)]);
    else {
      this.#pairs[at] = [key, String(value)];
      this.#pairs = this.#pairs.filter(([each], i) => each !== key || i === at);
    }
    this.#update();
  }
  sort(): void {
    this.#pairs.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    this.#update();
  }
  forEach(fn: (value: string, name: string, params: URLSearchParams) => void, self?: unknown): void {
    for (const [name, value] of this.#pairs) fn.call(self, value, name, this);
  }
  *entries(): IterableIterator<[string, string]> {
    for (const [name, value] of this.#pairs) yield [name, value];
  }
  *keys(): IterableIterator<string> {
    for (const [name] of this.#pairs) yield name;
  }
  *values(): IterableIterator<string> {
    for (const [, value] of this.#pairs) yield value;
  }
  [Symbol.iterator](): IterableIterator<[string, string]> {
    return this.entries();
  }
  toString(): string {
    return this.#pairs.map(([name, value]) => `${formEncode(name)}=${formEncode(value)}`).join('&');
  }
}

interface Parts {
  protocol: string;
  username: string;
  password: string;
  hostname: string;
  port: string;
  pathname: string;
  search: string;
  hash: string;
  /** No authority and no hierarchical path (mailto:, data:): the path is kept as written. */
  opaque: boolean;
}

function parse(input: string, base: Parts | undefined): Parts {
  let rest = input.replace(/^\s+|\s+$/g, '').replace(/[\t\n\r]/g, '');
  const scheme = /^([a-zA-Z][a-zA-Z0-9+.-]*):/.exec(rest);
  let parts: Parts;
  if (
    scheme !== null &&
    !(
      base !== undefined &&
      `${scheme[1]!.toLowerCase()}:` === base.protocol &&
      special(base.protocol) &&
      !rest.slice(scheme[0].length).startsWith('/')
    )
  ) {
    const protocol = `${scheme[1]!.toLowerCase()}:`;
    rest = rest.slice(scheme[0].length);
    parts = {
      protocol,
      username: '',
      password: '',
      hostname: '',
      port: '',
      pathname: '',
      search: '',
      hash: '',
      opaque: false,
    };
    if (special(protocol)) rest = rest.replace(/\\/g, '/');
    if (rest.startsWith('//') || (special(protocol) && protocol !== 'file:')) {
      rest = protocol === 'file:' ? rest.slice(2) : rest.replace(/^\/*/, '');
      authority(parts, rest.match(/^[^/?#]*/)![0], input);
      rest = rest.slice(rest.match(/^[^/?#]*/)![0].length);
    } else if (!rest.startsWith('/')) parts.opaque = true;
  } else {
    if (base === undefined || base.opaque) throw invalid(input);
    if (scheme !== null) rest = rest.slice(scheme[0].length);
    parts = { ...base, hash: '' };
    if (special(base.protocol)) rest = rest.replace(/\\/g, '/');
    if (rest.startsWith('//')) {
      parts.username = parts.password = parts.port = '';
      authority(parts, rest.slice(2).match(/^[^/?#]*/)![0], input);
      rest = rest.slice(2).slice(rest.slice(2).match(/^[^/?#]*/)![0].length);
      parts.pathname = '';
      parts.search = '';
    } else if (rest.startsWith('/')) parts.search = '';
    else if (rest === '' || rest.startsWith('#')) {
      parts.search = '';
      rest = `${base.pathname}${base.search}${rest}`;
    } else if (rest.startsWith('?')) {
      parts.search = '';
      rest = `${base.pathname}${rest}`;
    } else {
      parts.search = '';
      rest = `${base.pathname.slice(0, base.pathname.lastIndexOf('/') + 1)}${rest}`;
    }
  }
  const hashAt = rest.indexOf('#');
  if (hashAt >= 0) {
    parts.hash = hashAt === rest.length - 1 ? '' : encodeSet(rest.slice(hashAt), /(?!)/);
    rest = rest.slice(0, hashAt);
  }
  const searchAt = rest.indexOf('?');
  if (searchAt >= 0) {
    parts.search = searchAt === rest.length - 1 ? '' : encodeSet(rest.slice(searchAt), /'/g);
    rest = rest.slice(0, searchAt);
  }
  if (parts.opaque) parts.pathname = rest;
  else {
    const path = encodeSet(rest, /[?^{}|]/g).replace(/%2e/gi, '.');
    parts.pathname = removeDots(path === '' && special(parts.protocol) ? '/' : path);
  }
  return parts;
}

function authority(parts: Parts, text: string, input: string): void {
  const at = text.lastIndexOf('@');
  if (at >= 0) {
    const [user, ...password] = text.slice(0, at).split(':');
    parts.username = encodeSet(user!, /[@/:;=?[\]^|]/g);
    parts.password = encodeSet(password.join(':'), /[@/:;=?[\]^|]/g);
    text = text.slice(at + 1);
  }
  const port = /:(\d*)$/.exec(text);
  if (port !== null) {
    text = text.slice(0, port.index);
    const number = port[1] === '' ? '' : String(Number(port[1]));
    if (Number(number) > 65535) throw invalid(input);
    parts.port = number === SPECIAL_PORTS[parts.protocol] ? '' : number;
  }
  if (/[\s#%/:<>?@[\\\]^|]/.test(text.replace(/^\[.*\]$/, '')) && !/^\[.*\]$/.test(text))
    throw invalid(input);
  if (text === '' && special(parts.protocol) && parts.protocol !== 'file:') throw invalid(input);
  parts.hostname = text.toLowerCase();
}

export class URL {
  #parts: Parts;
  #params: URLSearchParams;

  constructor(url: unknown, base?: unknown) {
    const baseParts = base === undefined ? undefined : new URL(base).#parts;
    this.#parts = parse(String(url), baseParts);
    this.#params = new URLSearchParams();
    URLSearchParams.link(this.#params, this.#parts.search, (search) => {
      this.#parts.search = search === '' ? '' : `?${search}`;
    });
  }

  static canParse(url: unknown, base?: unknown): boolean {
    try {
      new URL(url, base);
      return true;
    } catch {
      return false;
    }
  }

  get protocol(): string {
    return this.#parts.protocol;
  }
  get username(): string {
    return this.#parts.username;
  }
  get password(): string {
    return this.#parts.password;
  }
  get hostname(): string {
    return this.#parts.hostname;
  }
  get port(): string {
    return this.#parts.port;
  }
  get host(): string {
    return this.#parts.port === '' ? this.#parts.hostname : `${this.#parts.hostname}:${this.#parts.port}`;
  }
  get pathname(): string {
    return this.#parts.pathname;
  }
  get search(): string {
    return this.#parts.search;
  }
  set search(value: string) {
    const text = String(value);
    this.#parts.search =
      text === '' || text === '?' ? '' : encodeSet(text.startsWith('?') ? text : `?${text}`, /'/g);
    URLSearchParams.reparse(this.#params, this.#parts.search);
  }
  get hash(): string {
    return this.#parts.hash;
  }
  set hash(value: string) {
    const text = String(value);
    this.#parts.hash =
      text === '' || text === '#' ? '' : encodeSet(text.startsWith('#') ? text : `#${text}`, /(?!)/);
  }
  set pathname(value: string) {
    if (this.#parts.opaque) return;
    const text = String(value);
    this.#parts.pathname = removeDots(encodeSet(text.startsWith('/') ? text : `/${text}`, /[?^{}|]/g));
  }
  get searchParams(): URLSearchParams {
    return this.#params;
  }
  get origin(): string {
    return this.#parts.protocol in SPECIAL_PORTS ? `${this.#parts.protocol}//${this.host}` : 'null';
  }
  get href(): string {
    const p = this.#parts;
    const user =
      p.username === '' && p.password === ''
        ? ''
        : `${p.username}${p.password === '' ? '' : `:${p.password}`}@`;
    const authority = p.opaque ? '' : p.hostname !== '' || special(p.protocol) ? `//${user}${this.host}` : '';
    return `${p.protocol}${authority}${p.pathname}${p.search}${p.hash}`;
  }
  toString(): string {
    return this.href;
  }
  toJSON(): string {
    return this.href;
  }
}

/** structuredClone's copy: the values the structured clone algorithm takes, cycles kept; others refused. */
export function structuredClone(value: unknown): unknown {
  const seen = new Map<object, unknown>();
  const copy = (item: unknown): unknown => {
    if (typeof item === 'function' || typeof item === 'symbol') {
      const error = new Error(
        `${typeof item === 'function' ? String(item) : String(item)} could not be cloned.`,
      );
      error.name = 'DataCloneError';
      throw error;
    }
    if (typeof item !== 'object' || item === null) return item;
    if (seen.has(item)) return seen.get(item);
    if (item instanceof Date) return remember(item, new Date(item.getTime()));
    if (item instanceof RegExp) return remember(item, new RegExp(item.source, item.flags));
    if (item instanceof ArrayBuffer) return remember(item, item.slice(0));
    if (ArrayBuffer.isView(item)) {
      const view = item as unknown as {
        constructor: new (b: ArrayBuffer, o: number, l: number) => unknown;
        buffer: ArrayBuffer;
        byteOffset: number;
        length?: number;
        byteLength: number;
      };
      const buffer = copy(view.buffer) as ArrayBuffer;
      return remember(
        item,
        item instanceof DataView
          ? new DataView(buffer, view.byteOffset, view.byteLength)
          : new view.constructor(buffer, view.byteOffset, view.length ?? view.byteLength),
      );
    }
    if (item instanceof Map) {
      const made = remember(item, new Map()) as Map<unknown, unknown>;
      for (const [key, each] of item) made.set(copy(key), copy(each));
      return made;
    }
    if (item instanceof Set) {
      const made = remember(item, new Set()) as Set<unknown>;
      for (const each of item) made.add(copy(each));
      return made;
    }
    if (item instanceof Error) {
      const made = remember(item, new Error(item.message)) as Error;
      made.name = item.name;
      if (item.stack !== undefined) made.stack = item.stack;
      return made;
    }
    if (item instanceof Boolean || item instanceof Number || item instanceof String)
      return remember(item, Object(item.valueOf()));
    const made = remember(item, Array.isArray(item) ? new Array(item.length) : {}) as Record<string, unknown>;
    for (const key of Object.keys(item)) made[key] = copy((item as Record<string, unknown>)[key]);
    return made;
  };
  const remember = (from: object, to: unknown) => {
    seen.set(from, to);
    return to;
  };
  return copy(value);
}

/** An AbortSignal's part of EventTarget: listeners of 'abort', and `onabort`. */
export class AbortSignal {
  aborted = false;
  reason: unknown = undefined;
  onabort: ((event: { type: string }) => void) | null = null;
  #listeners: ((event: { type: string }) => void)[] = [];
  addEventListener(type: string, listener: (event: { type: string }) => void): void {
    if (type === 'abort') this.#listeners.push(listener);
  }
  removeEventListener(type: string, listener: (event: { type: string }) => void): void {
    if (type === 'abort') this.#listeners = this.#listeners.filter((each) => each !== listener);
  }
  throwIfAborted(): void {
    if (this.aborted) throw this.reason;
  }
  static abort(reason?: unknown): AbortSignal {
    const controller = new AbortController();
    controller.abort(reason);
    return controller.signal;
  }
  static fire(signal: AbortSignal, reason: unknown): void {
    if (signal.aborted) return;
    signal.aborted = true;
    signal.reason =
      reason ?? Object.assign(new Error('This operation was aborted'), { name: 'AbortError', code: 20 });
    const event = { type: 'abort' };
    signal.onabort?.(event);
    for (const listener of signal.#listeners) listener.call(signal, event);
  }
}

export class AbortController {
  readonly signal = new AbortSignal();
  abort(reason?: unknown): void {
    AbortSignal.fire(this.signal, reason);
  }
}
