// The Lambda Node.js runtime's part, in a child process per function: import the handler module from the
// task root during init (so the bundle's cold-start work runs with the environment the host gave it), then
// run one invocation at a time as the host sends them. Plain JavaScript: it runs on Node with no loader,
// as Lambda runs the bundle.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import process from 'node:process';
import { pathToFileURL } from 'node:url';

const [taskRoot, handlerSetting] = process.argv.slice(2);

// Which variables the function reads during its init: the host checks them against its template. Reads
// pass through unchanged.
const variablesRead = new Set();
process.env = new Proxy(process.env, {
  get(target, name) {
    if (typeof name === 'string') variablesRead.add(name);
    return Reflect.get(target, name);
  },
});

function errorOf(error) {
  return error instanceof Error
    ? { name: error.name, message: error.message, stack: error.stack }
    : { name: 'Error', message: String(error) };
}

/** `index.handler` names `index.mjs` (or `.js`, `.cjs`) in the task root and its `handler` export. */
async function loadHandler() {
  const dot = handlerSetting.lastIndexOf('.');
  const moduleName = handlerSetting.slice(0, dot);
  const exportName = handlerSetting.slice(dot + 1);
  const file = ['.mjs', '.js', '.cjs']
    .map((extension) => join(taskRoot, moduleName + extension))
    .find((candidate) => existsSync(candidate));
  if (file === undefined) {
    throw Object.assign(new Error(`Cannot find module '${moduleName}' in ${taskRoot}`), {
      name: 'Runtime.ImportModuleError',
    });
  }
  const module = await import(pathToFileURL(file).href);
  const handler = module[exportName];
  if (typeof handler !== 'function') {
    throw Object.assign(new Error(`${handlerSetting} is undefined or not exported`), {
      name: 'Runtime.HandlerNotFound',
    });
  }
  return handler;
}

function contextOf(invocation) {
  const env = process.env;
  return {
    functionName: env.AWS_LAMBDA_FUNCTION_NAME,
    functionVersion: env.AWS_LAMBDA_FUNCTION_VERSION,
    invokedFunctionArn: invocation.functionArn,
    memoryLimitInMB: env.AWS_LAMBDA_FUNCTION_MEMORY_SIZE,
    awsRequestId: invocation.requestId,
    logGroupName: env.AWS_LAMBDA_LOG_GROUP_NAME,
    logStreamName: env.AWS_LAMBDA_LOG_STREAM_NAME,
    callbackWaitsForEmptyEventLoop: true,
    getRemainingTimeInMillis: () => Math.max(0, invocation.deadline - Date.now()),
  };
}

let handler;
try {
  handler = await loadHandler();
} catch (error) {
  process.send({ type: 'init-error', error: errorOf(error) }, () => process.exit(1));
}
if (handler !== undefined) {
  process.on('message', async (invocation) => {
    try {
      const result = await handler(invocation.event, contextOf(invocation));
      process.send({ type: 'result', requestId: invocation.requestId, result });
    } catch (error) {
      process.send({ type: 'error', requestId: invocation.requestId, error: errorOf(error) });
    }
  });
  process.send({ type: 'ready', variablesRead: [...variablesRead] });
}
