// The pitboss CLI's entry point, bundled into dist/pitboss.mjs.
import { main } from './commands/cli.ts';

await main();
