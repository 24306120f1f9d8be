import { fileURLToPath } from 'node:url';
import { bundleCli } from '../../../scripts/bundle-cli.mjs';

export const buildCli = () =>
  bundleCli({
    packageDir: fileURLToPath(new URL('..', import.meta.url)),
    name: 'straights',
    entry: 'src/main.ts',
  });

if (process.argv[1] === fileURLToPath(import.meta.url)) await buildCli();
