#!/usr/bin/env node
// Runs the prebuilt CLI; `pnpm install` builds it (its postinstall runs `pnpm build`).
import module from 'node:module';
import { fileURLToPath } from 'node:url';

// Node 22.1 and later keep V8's compiled code of the CLI's bundle and the assignment's between
// commands (NODE_COMPILE_CACHE names another folder, NODE_DISABLE_COMPILE_CACHE=1 turns it off). Only
// this process: a sandboxed child never reads or writes it. Node 20 has no such cache.
module.enableCompileCache?.(
  process.env.NODE_COMPILE_CACHE ??
    fileURLToPath(new URL('../../../node_modules/.cache/pitboss/compile', import.meta.url)),
);

try {
  await import('../dist/pitboss.mjs');
} catch (error) {
  if (error?.code === 'ERR_MODULE_NOT_FOUND' && String(error.message).includes('dist/pitboss.mjs')) {
    process.stderr.write('pitboss: the CLI is not built yet; run `pnpm install` or `pnpm build` first\n');
    process.exitCode = 2;
  } else {
    // The grader itself failed before it could start: one line, never the bundle's source, and the
    // status of a failure of the machinery (3), never a grade.
    const first = String(error?.message ?? error).split('\n')[0];
    process.stderr.write(`pitboss: infrastructure error: the grader failed to start: ${first}\n`);
    process.exitCode = 3;
  }
}
