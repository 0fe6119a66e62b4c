import { sourceMappedStack } from './source-frames.js';

/**
 * Injected first into every Lambda bundle (lib/constructs/lambda-bundle.ts): stacks name the project's sources,
 * mapped when they are read (source-frames.ts), so no source map is read at cold start.
 */
Error.prepareStackTrace = sourceMappedStack;
