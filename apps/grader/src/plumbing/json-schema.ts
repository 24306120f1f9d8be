// A JSON schema's validator, compiled on its first use. Ajv compiles a schema into code, which costs
// tens of milliseconds each: compiled when a module loads, every command paid for every schema
// (a third of `pitboss --help`'s start-up), though most commands read one file or none.
import { Ajv, type Options, type ValidateFunction } from 'ajv';

export interface SchemaCheck {
  (data: unknown): boolean;
  /** The first validation's errors after a failed call, as Ajv tells them. */
  readonly errors: ValidateFunction['errors'];
}

export function schemaCheck(
  schema: object,
  options: Options = {},
  extra: readonly object[] = [],
): SchemaCheck {
  let compiled: ValidateFunction | undefined;
  const check = (data: unknown): boolean => {
    if (compiled === undefined) {
      const ajv = new Ajv(options);
      for (const added of extra) ajv.addSchema(added);
      compiled = ajv.compile(schema);
    }
    return compiled(data);
  };
  Object.defineProperty(check, 'errors', { get: () => compiled?.errors ?? null });
  return check as SchemaCheck;
}
