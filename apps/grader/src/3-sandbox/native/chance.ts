// Chance in a native run (a compiled submission's program, its unit tests, a student's C++ test): the
// same answers on every run, as 3-sandbox/children/chance.ts gives a JavaScript run. A library of the
// grader's, preloaded into every native run of student code, answers the C library's clocks and sources
// of randomness (`time`, `clock_gettime`, `gettimeofday`, `clock`, `getrandom`, `getentropy`,
// `arc4random`) and libstdc++'s `std::random_device` from a seeded generator and a clock that starts at a
// fixed time and advances a millisecond a reading; the kernel's /dev/urandom and /dev/random are a file
// of seeded bytes; address-space randomisation is off (`setarch -R`), so an address is no coin either.
// What is left (the processor's own random instructions and cycle counter, the stack protector's
// secret) cannot be seeded from outside (a cycle counter that faults breaks the C runtime itself): a test that draws on them is caught by the rule that an exposure counts only
// if it repeats (4-phases/student-tests/native.ts).

import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { CACHE_ROOT } from '../../plumbing/bundle.ts';
import { PitbossError } from '../../plumbing/errors.ts';
import { buildKept } from './kept-build.ts';

/**
 * Set in a whole program's runs (NativeLanguage.wholeProgram): the preloaded library then writes the
 * `ready` that a linked object of the grader's writes in every other native program, before any
 * constructor of the program's own runs, and takes the variable out of the program's environment.
 */
export const READY_VARIABLE = 'PITBOSS_READY';

/** Where the generator starts and the clock's first reading (2024-01-01, UTC): as a JavaScript run's. */
const SEED = 0x2545f491;
const CLOCK_START_SECONDS = 1_704_067_200;
/** The seeded bytes /dev/urandom gives: more than any test reads. */
const ENTROPY_BYTES = 64 * 1024;

const LIBRARY_SOURCE = `// Preloaded into every native run of student code by the grader: chance and clocks, seeded.
#define _GNU_SOURCE
#include <errno.h>
#include <stdlib.h>
#include <unistd.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <sys/auxv.h>
#include <sys/time.h>
#include <sys/types.h>
#include <time.h>

static uint64_t state = ${SEED}u;
static uint64_t readings;

static uint64_t next64(void) {
  uint64_t z = (state += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

static void fill(void *buffer, size_t size) {
  unsigned char *bytes = (unsigned char *)buffer;
  while (size > 0) {
    uint64_t word = next64();
    size_t take = size < 8 ? size : 8;
    memcpy(bytes, &word, take);
    bytes += take;
    size -= take;
  }
}

/* A millisecond a reading, from the fixed start (wall clocks) or from zero (every other clock). */
static void reading(clockid_t clock, struct timespec *at) {
  uint64_t ms = readings++;
  int wall = clock == CLOCK_REALTIME || clock == CLOCK_REALTIME_COARSE || clock == CLOCK_TAI;
  at->tv_sec = (time_t)((wall ? ${CLOCK_START_SECONDS}ull : 0) + ms / 1000);
  at->tv_nsec = (long)((ms % 1000) * 1000000);
}

int clock_gettime(clockid_t clock, struct timespec *at) {
  if (at == NULL) { errno = EFAULT; return -1; }
  reading(clock, at);
  return 0;
}

int timespec_get(struct timespec *at, int base) {
  if (base != TIME_UTC || at == NULL) return 0;
  reading(CLOCK_REALTIME, at);
  return base;
}

int gettimeofday(struct timeval *restrict at, void *restrict zone) {
  (void)zone;
  if (at != NULL) {
    struct timespec now;
    reading(CLOCK_REALTIME, &now);
    at->tv_sec = now.tv_sec;
    at->tv_usec = now.tv_nsec / 1000;
  }
  return 0;
}

time_t time(time_t *at) {
  struct timespec now;
  reading(CLOCK_REALTIME, &now);
  if (at != NULL) *at = now.tv_sec;
  return now.tv_sec;
}

clock_t clock(void) { return (clock_t)(readings++ * 1000); }

ssize_t getrandom(void *buffer, size_t size, unsigned int flags) {
  (void)flags;
  fill(buffer, size);
  return (ssize_t)size;
}

int getentropy(void *buffer, size_t size) {
  if (size > 256) { errno = EIO; return -1; }
  fill(buffer, size);
  return 0;
}

uint32_t arc4random(void) { return (uint32_t)next64(); }
void arc4random_buf(void *buffer, size_t size) { fill(buffer, size); }
uint32_t arc4random_uniform(uint32_t upper) { return upper < 2 ? 0 : (uint32_t)(next64() % upper); }

/* std::random_device's draw, by its mangled name: its operator() calls it through the library. */
unsigned int pitbossRandomDevice(void *device) __asm__("_ZNSt13random_device9_M_getvalEv");
unsigned int pitbossRandomDevice(void *device) {
  (void)device;
  return (unsigned int)next64();
}

__attribute__((constructor(101))) static void pitbossChance(void) {
  /* The kernel's sixteen random bytes, already used for the stack protector, now seeded too. */
  unsigned char *given = (unsigned char *)getauxval(AT_RANDOM);
  if (given != NULL) fill(given, 16);
  state = ${SEED}u;
  /* A whole program has no object of the grader's linked in: the grader asks this preload to say ready. */
  if (getenv("${READY_VARIABLE}") != NULL) {
    unsetenv("${READY_VARIABLE}");
    if (write(3, "ready\\n", 6) < 0) _exit(71);
  }
}
`;

export interface NativeChance {
  /** The preloaded library. */
  library: string;
  /** The seeded bytes given as /dev/urandom and /dev/random. */
  entropy: string;
}

let prepared: Promise<NativeChance> | undefined;
let ready: NativeChance | undefined;

/** Builds the library once per source and compiler (trusted: the grader's own C, outside the sandbox). */
export function prepareNativeChance(compiler: string): Promise<NativeChance> {
  prepared ??= (async () => {
    const key = createHash('sha256').update(compiler).update('\0').update(LIBRARY_SOURCE).digest('hex');
    const folder = join(CACHE_ROOT, 'native', `chance-${key.slice(0, 16)}`);
    await buildKept(folder, async (building) => {
      const source = join(building, 'chance.c');
      writeFileSync(source, LIBRARY_SOURCE);
      // The C front end of the course's compiler (g++ compiles .c as C++ without -x c).
      await promisify(execFile)(compiler, [
        '-x',
        'c',
        '-std=gnu11',
        '-O2',
        '-fPIC',
        '-shared',
        '-s',
        '-o',
        join(building, 'chance.so'),
        source,
      ]);
      writeFileSync(join(building, 'entropy'), seededBytes(ENTROPY_BYTES));
    });
    ready = { library: join(folder, 'chance.so'), entropy: join(folder, 'entropy') };
    return ready;
  })();
  return prepared;
}

/** The prepared library, for a native run about to start: the machinery's fault if it is not there. */
export function nativeChance(): NativeChance {
  if (ready === undefined)
    throw new PitbossError('INFRASTRUCTURE', 'a native run was started before its chance library was built');
  return ready;
}

/** Bytes from the seed alone: SHA-256 over a counter, the same on every machine. */
function seededBytes(size: number): Buffer {
  const blocks: Buffer[] = [];
  for (let counter = 0; blocks.length * 32 < size; counter++)
    blocks.push(createHash('sha256').update(`${SEED}:${counter}`).digest());
  return Buffer.concat(blocks).subarray(0, size);
}
