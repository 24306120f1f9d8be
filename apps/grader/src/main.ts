// The pitboss CLI's entry point, bundled into dist/pitboss.mjs.
import { main } from './cli/main.ts';

await main();
