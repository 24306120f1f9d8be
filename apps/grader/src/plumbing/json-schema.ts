// A JSON schema's validator, compiled on its first use. Ajv compiles a schema into code, which costs
// tens of milliseconds each: compiled when a module loads, every command paid for every schema
// (a third of `pitboss --help`'s start-up), though most commands read one file or none. And a document
// the schema accepted once (an assignment's rubric, its mutants, a submission's pitboss.json that has
// not changed) is accepted again without compiling at all: its mark is kept (no option here changes
// the data it checks, so accepting is all a check does).
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv, type Options, type ValidateFunction } from 'ajv';
import { CACHE_ROOT } from './bundle.ts';

export interface SchemaCheck {
  (data: unknown): boolean;
  /** The first validation's errors after a failed call, as Ajv tells them. */
  readonly errors: ValidateFunction['errors'];
}

/** Documents larger than this (a class's results) are checked every time: their marks would never be used again. */
const MARKED_BYTES = 256 * 1024;

export function schemaCheck(
  schema: object,
  options: Options = {},
  extra: readonly object[] = [],
): SchemaCheck {
  let compiled: ValidateFunction | undefined;
  let schemaHash: string | undefined;
  const markOf = (data: unknown): string | undefined => {
    const text = JSON.stringify(data);
    if (text === undefined || text.length > MARKED_BYTES) return undefined;
    schemaHash ??= createHash('sha256')
      .update(JSON.stringify([schema, options, extra]))
      .digest('hex');
    const hash = createHash('sha256').update(schemaHash).update(text).digest('hex');
    return join(CACHE_ROOT, 'accepted', hash.slice(0, 2), hash);
  };
  const check = (data: unknown): boolean => {
    const mark = markOf(data);
    if (mark !== undefined && existsSync(mark)) return true;
    if (compiled === undefined) {
      const ajv = new Ajv(options);
      for (const added of extra) ajv.addSchema(added);
      compiled = ajv.compile(schema);
    }
    const accepted = compiled(data);
    if (accepted && mark !== undefined) {
      try {
        mkdirSync(join(mark, '..'), { recursive: true });
        writeFileSync(mark, '');
      } catch {
        // Only the next run's compiling is lost.
      }
    }
    return accepted;
  };
  Object.defineProperty(check, 'errors', { get: () => compiled?.errors ?? null });
  return check as SchemaCheck;
}
