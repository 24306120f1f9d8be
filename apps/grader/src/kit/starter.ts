// What every starter folder's tsconfig.json holds, in one place: `pitboss init` writes it, and the
// grader's type check uses the very same settings, so what a student's own `tsc` says is what the
// report says.

/** The compiler settings of a starter folder (tsconfig.json's `compilerOptions`). */
export const STARTER_COMPILER_OPTIONS = {
  target: 'ES2022',
  module: 'ESNext',
  moduleResolution: 'Bundler',
  strict: true,
  noEmit: true,
  allowImportingTsExtensions: true,
  types: ['node'],
} as const;

/** A starter folder's tsconfig.json: its files and its tests, with the settings above. */
export const STARTER_TSCONFIG = `${JSON.stringify(
  { compilerOptions: STARTER_COMPILER_OPTIONS, include: ['*.ts', 'tests'] },
  null,
  2,
)}\n`;
