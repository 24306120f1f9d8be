// The CLI asks Node (22.1 and later) to keep V8's compiled code of its bundle between commands, in the
// folder NODE_COMPILE_CACHE names (else the project's cache). Node 20 has no such cache: there the
// test does not run, and the CLI starts as before.

import { readdirSync } from 'node:fs';
import module from 'node:module';
import { describe, expect, it } from 'vitest';
import { pitboss, scratch } from '../support.ts';

const hasCompileCache = typeof (module as { enableCompileCache?: unknown }).enableCompileCache === 'function';

describe.runIf(hasCompileCache)('the CLI’s compiled code', () => {
  it('is kept in the folder NODE_COMPILE_CACHE names, and the next command runs from it alike', () => {
    const folder = scratch();
    const first = pitboss(['--version'], { NODE_COMPILE_CACHE: folder });
    expect(first.status).toBe(0);
    expect(readdirSync(folder, { recursive: true }).length).toBeGreaterThan(0);
    const again = pitboss(['--version'], { NODE_COMPILE_CACHE: folder });
    expect(again).toEqual(first);
  });
});
