// Node's modules as student code may import them inside an isolate, each made in the isolate by the
// library (library.ts) from plain JavaScript: the names each exports. Anything else is not there, and
// an import of it is refused before the code runs ("Pitboss runs your code without Node's modules").
/** What node:assert and node:assert/strict both export (the npm package's names). */
const ASSERT_EXPORTS = [
  'ok',
  'equal',
  'notEqual',
  'strictEqual',
  'notStrictEqual',
  'deepEqual',
  'notDeepEqual',
  'deepStrictEqual',
  'notDeepStrictEqual',
  'throws',
  'doesNotThrow',
  'rejects',
  'doesNotReject',
  'match',
  'doesNotMatch',
  'fail',
  'AssertionError',
] as const;

export const NODE_MODULES: Readonly<Record<string, readonly string[]>> = {
  fs: ['readFileSync', 'readSync', 'writeSync', 'existsSync'],
  readline: ['createInterface', 'Interface'],
  process: ['argv', 'env', 'exit', 'stdout', 'stderr', 'stdin', 'hrtime', 'nextTick', 'cwd', 'platform'],
  buffer: ['Buffer'],
  events: ['EventEmitter', 'once'],
  util: ['format', 'inspect', 'isDeepStrictEqual', 'promisify', 'inherits', 'types', 'deprecate'],
  assert: [...ASSERT_EXPORTS, 'strict'],
  'assert/strict': ASSERT_EXPORTS,
  crypto: ['randomBytes', 'randomFillSync', 'randomInt', 'randomUUID', 'getRandomValues', 'webcrypto'],
  timers: ['setTimeout', 'setInterval', 'setImmediate', 'clearTimeout', 'clearInterval', 'clearImmediate'],
  console: ['log', 'error', 'warn', 'info', 'debug'],
};

/** The modules' names in words, for the message that refuses another. */
export const NODE_MODULES_WORDS = Object.keys(NODE_MODULES)
  .map((name) => `node:${name}`)
  .join(', ');
