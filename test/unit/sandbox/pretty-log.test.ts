import { describe, expect, it } from 'vitest';
import { prettyLogsInTerminal, prettyLogText } from '#local/pretty-log.js';

/** The gateway's refusal as Powertools writes it (WARN, so to stderr). */
const refusal = JSON.stringify({
  level: 'WARN',
  message: 'gateway refused the request',
  timestamp: '2026-11-23T10:42:07.123Z',
  service: 'clearway',
  function_name: 'test-operations',
  function_request_id: 'abc',
  operation: 'postTest',
  method: 'POST',
  path: '/v1/Test',
  status: 400,
  requestId: 'r-1',
  errors: { Message: ['must be text'], 'Idempotency-Key': ['is required', 'must be printable'] },
});
const readableRefusal =
  '10:42:07 WARN  gateway refused the request [test-operations]  POST /v1/Test 400  Message: must be text  Idempotency-Key: is required; must be printable  operation=postTest requestId=r-1';

describe("the sandbox's log lines for a person", () => {
  it('writes a Powertools line as time, level, message, function and its own members', () => {
    const line = JSON.stringify({
      level: 'INFO',
      message: 'bank answered',
      timestamp: '2026-11-23T10:42:07.123Z',
      service: 'clearway',
      cold_start: false,
      function_arn: 'arn:aws:lambda:local:000000000000:function:test-operations',
      function_memory_size: '512',
      function_name: 'test-operations',
      function_request_id: 'abc',
      sampling_rate: 0,
      operation: 'postTest',
      status: 200,
      ms: 38,
    });
    expect(prettyLogText(`${line}\n`)).toBe(
      '10:42:07 INFO  bank answered [test-operations]  operation=postTest status=200 ms=38\n',
    );
  });

  it('writes a refusal as its request and status, then each property with the rules it breaks', () => {
    expect(prettyLogText(`${refusal}\n`)).toBe(`${readableRefusal}\n`);
  });

  it('rewrites stderr too, where WARN and ERROR lines go, in a terminal only', () => {
    const written: unknown[] = [];
    const terminal = { isTTY: true, write: (chunk: unknown) => written.push(chunk) > 0 };
    const piped = { isTTY: false, write: (chunk: unknown) => written.push(chunk) > 0 };
    expect(prettyLogsInTerminal({}, [piped, terminal])).toBe(true);

    terminal.write(`${refusal}\n`);
    piped.write(`${refusal}\n`);
    expect(written).toEqual([`${readableRefusal}\n`, `${refusal}\n`]);
  });

  it('drops EMF metric lines and leaves any other text as it is', () => {
    const metric = JSON.stringify({ _aws: { Timestamp: 1 }, status2xx: 1 });
    expect(prettyLogText(`${metric}\nClearway sandbox is running.\n{not json\n`)).toBe(
      'Clearway sandbox is running.\n{not json\n',
    );
  });
});
