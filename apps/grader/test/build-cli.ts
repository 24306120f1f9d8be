// The tests run the bundled CLI as a user would; bundle the current source first.
// @ts-expect-error: a plain ES module script without types
import { buildCli } from '../scripts/build.mjs';

export default async function setup(): Promise<void> {
  await buildCli();
}
