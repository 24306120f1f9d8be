import { fileURLToPath } from 'node:url';
import { bundleCli } from '../../../scripts/bundle-cli.mjs';

export const buildCli = () =>
  bundleCli({
    packageDir: fileURLToPath(new URL('..', import.meta.url)),
    name: 'pitboss',
    entry: 'src/main.ts',
    // esbuild finds its own binary relative to its package: it stays a dependency, not bundled.
    external: ['esbuild'],
  });

if (process.argv[1] === fileURLToPath(import.meta.url)) await buildCli();
