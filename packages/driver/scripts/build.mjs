// Bundles the CLI into one prebuilt file: a run then costs Node's start-up and the game, no transpiling.

import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

export async function buildCli() {
  await build({
    absWorkingDir: fileURLToPath(new URL('..', import.meta.url)),
    entryPoints: { blackjack: 'src/main.ts' },
    outdir: 'dist',
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    minify: true,
    sourcemap: 'linked',
    logLevel: 'warning',
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await buildCli();
