// The straights CLI's entry point, bundled into dist/straights.mjs so that a run starts without transpiling.
import { main } from './cli.ts';

main();
