// Bundles the CLI into one prebuilt file: a run then costs Node's start-up and the game, no transpiling.
import { build } from 'esbuild';

await build({
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
