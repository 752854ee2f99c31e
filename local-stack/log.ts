// What the stand-ins write about themselves: a line, marked 'error' where something failed that should not (a
// handler that threw, a message the mailbox could not store). Test runs fail on the error lines
// (tests/support/server-log.ts).
export type StandInLog = (line: string, level?: 'error') => void;
