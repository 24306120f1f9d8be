// Part of `pnpm install`: installs the Debian packages the project uses where they are missing and this
// user may (root with apt): bubblewrap, the grader's OS sandbox, g++, which builds C++ submissions, and
// Chromium, the browser the report tests drive (never one a test tool downloads). It never fails the
// install: without bubblewrap grading goes on and says which isolation it cannot enforce; without g++ a
// C++ submission is an infrastructure error saying how to install it (TypeScript ones grade as before);
// without Chromium the browser test says what to install.
import { spawnSync } from 'node:child_process';

const PACKAGES = [
  { name: 'bubblewrap', command: 'bwrap', without: 'grading will say which isolation it cannot enforce' },
  { name: 'g++', command: 'g++', without: 'C++ submissions cannot be graded, and their tests are skipped' },
  { name: 'make', command: 'make', without: 'whole C++ programs (Straights, table) cannot be built' },
  { name: 'chromium', command: 'chromium', without: 'the browser test of the HTML reports will fail' },
];

const has = (command) => spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
const apt = (args) => spawnSync('apt-get', args, { stdio: 'ignore', env, timeout: 600_000 }).status === 0;

const missing = process.platform === 'linux' ? PACKAGES.filter((p) => !has(p.command)) : [];
if (missing.length > 0) {
  const names = missing.map((p) => p.name);
  const mayInstall = process.getuid?.() === 0 && has('apt-get');
  const installed =
    mayInstall &&
    (apt(['install', '-y', '-qq', ...names]) ||
      (apt(['update', '-qq']) && apt(['install', '-y', '-qq', ...names])));
  if (installed) console.log(`pitboss: installed ${names.join(', ')} from Debian's packages`);
  else {
    for (const p of missing) console.warn(`pitboss: ${p.name} is not installed; ${p.without} (see README)`);
  }
}
