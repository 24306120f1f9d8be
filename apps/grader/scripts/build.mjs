// Bundles the pitboss CLI into dist/pitboss.mjs so that it starts without transpiling.
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

export async function buildCli() {
  await build({
    absWorkingDir: fileURLToPath(new URL('..', import.meta.url)),
    entryPoints: { pitboss: 'src/main.ts' },
    outdir: 'dist',
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // esbuild finds its own binary relative to its package: it stays a dependency, not bundled.
    external: ['esbuild'],
    banner: {
      js: "import { createRequire as __pitbossRequire } from 'node:module'; const require = __pitbossRequire(import.meta.url);",
    },
    sourcemap: 'linked',
    logLevel: 'warning',
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await buildCli();
