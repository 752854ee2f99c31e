// Keeps a throwaway test stack running on STACK_TEST_PORT_BASE and prints the environment for `next dev`:
//   STACK_TEST_PORT_BASE=56300 node --import tsx local-stack/serve-test-stack.ts
import { startTestStack } from '../tests/support/stack';
import { stackEnv } from './config';

const stack = await startTestStack();
const env = stackEnv(stack.config);
console.log(Object.entries(env).map(([k, v]) => `${k}=${v}`).join('\n'));
console.log('ready');
const stop = async () => {
  await stack.stop();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
