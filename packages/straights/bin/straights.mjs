#!/usr/bin/env node
// Runs the prebuilt CLI; `pnpm install` builds it (its postinstall runs `pnpm build`).
try {
  await import('../dist/straights.mjs');
} catch (error) {
  if (error?.code !== 'ERR_MODULE_NOT_FOUND' || !String(error.message).includes('dist/straights.mjs'))
    throw error;
  process.stderr.write('straights: the CLI is not built yet; run `pnpm install` or `pnpm build` first\n');
  process.exitCode = 2;
}
