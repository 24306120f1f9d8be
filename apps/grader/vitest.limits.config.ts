import { defineProject } from 'vitest/config';
import { graderTest, ON_THE_LIMITS } from './vitest.config.ts';

// The grader's tests whose verdicts sit on a run's limits: after every other project (group 1), one
// file at a time, as on a machine with nothing else to do.
export default defineProject({
  test: {
    name: 'grader-limits',
    ...graderTest,
    include: ON_THE_LIMITS,
    maxWorkers: 1,
    sequence: { groupOrder: 1 },
  },
});
