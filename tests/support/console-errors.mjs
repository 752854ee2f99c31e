// Loaded ahead of an app server in the test runs and the bench (node --import, passed on to the cluster's workers):
// each console.error becomes one JSON line of level error, unless it is one already, so an error Next or a library
// writes in its own words is judged like the shop's (tests/support/server-log.ts), with all its lines in one.
import { format } from 'node:util';

function isJsonError(text) {
  if (!text.startsWith('{')) return false;
  try {
    return JSON.parse(text).level === 'error';
  } catch {
    return false;
  }
}

const write = console.error.bind(console);
console.error = (...args) => {
  const text = format(...args);
  write(isJsonError(text) ? text : JSON.stringify({ level: 'error', event: 'console.error', text }));
};
