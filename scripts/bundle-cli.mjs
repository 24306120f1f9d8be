// Bundles a package's CLI into one prebuilt ES module (dist/<name>.mjs), so that a run starts
// without transpiling. Shared by every package with a bin.
import { build } from 'esbuild';

/** @param {{ packageDir: string, name: string, entry: string, external?: string[] }} options */
export async function bundleCli({ packageDir, name, entry, external = [] }) {
  await build({
    absWorkingDir: packageDir,
    entryPoints: { [name]: entry },
    outdir: 'dist',
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    minify: true,
    external,
    // Bundled CommonJS dependencies may call require().
    banner: {
      js: "import { createRequire as __require } from 'node:module'; const require = __require(import.meta.url);",
    },
    sourcemap: 'linked',
    logLevel: 'warning',
  });
}
