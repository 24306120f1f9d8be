// Part of `pnpm install`: installs bubblewrap, the grader's OS sandbox, where it is missing and this
// user may install Debian packages. It never fails the install: without it, grading goes on and
// says which isolation it cannot enforce.
import { spawnSync } from 'node:child_process';

const has = (command) => spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
const run = (command, args) => spawnSync(command, args, { stdio: 'ignore', timeout: 300_000 }).status === 0;

if (process.platform !== 'linux' || has('bwrap')) process.exit(0);
if (process.getuid?.() === 0 && has('apt-get')) {
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const installed =
    spawnSync('apt-get', ['install', '-y', '-qq', 'bubblewrap'], { stdio: 'ignore', env }).status === 0 ||
    (run('apt-get', ['update', '-qq']) &&
      spawnSync('apt-get', ['install', '-y', '-qq', 'bubblewrap'], { stdio: 'ignore', env }).status === 0);
  if (installed) {
    console.log('pitboss: installed bubblewrap for the grading sandbox');
    process.exit(0);
  }
}
console.warn(
  'pitboss: bubblewrap is not installed; grading will say which isolation it cannot enforce (see README)',
);
