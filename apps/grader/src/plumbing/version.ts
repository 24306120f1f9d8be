/** The grader's version: part of every report, and of the key a batch stores results under. */
export const TOOL_VERSION = '0.1.0';
