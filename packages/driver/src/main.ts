// The blackjack CLI's entry point, bundled into dist/blackjack.mjs so that a run starts without transpiling.
import { main } from './cli.ts';

main();
