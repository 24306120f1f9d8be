// The CLI tests run the bundled CLI as a user would; bundle the current source first (about 50 ms).
// @ts-expect-error: a plain ES module script without types
import { buildCli } from '../scripts/build.mjs';

export default async function setup(): Promise<void> {
  await buildCli();
}
