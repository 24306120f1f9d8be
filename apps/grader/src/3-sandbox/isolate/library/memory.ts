// The in-isolate library's watch on memory outside the heap (its typed arrays, counted).
import { signal } from './handed.ts';

// --- Memory outside the heap: an ArrayBuffer past the isolate's limit fails to allocate, with a
// RangeError the code could catch and try again (each try a full collection). The first failure says
// so to the host, which ends the run as past its memory limit.
const SIGNAL_MEMORY = 2;
for (const name of [
  'ArrayBuffer',
  'Uint8Array',
  'Uint8ClampedArray',
  'Int8Array',
  'Uint16Array',
  'Int16Array',
  'Uint32Array',
  'Int32Array',
  'Float32Array',
  'Float64Array',
  'BigUint64Array',
  'BigInt64Array',
] as const) {
  const Original = globalThis[name] as unknown as new (...args: unknown[]) => object;
  const Counted = class extends Original {
    constructor(...args: unknown[]) {
      try {
        super(...args);
      } catch (error) {
        if (error instanceof RangeError && /allocation failed/.test(error.message)) signal[0] = SIGNAL_MEMORY;
        throw error;
      }
    }
  };
  Object.defineProperty(Counted, 'name', { value: name });
  Object.defineProperty(globalThis, name, {
    value: Counted,
    writable: true,
    configurable: true,
    enumerable: false,
  });
}
