import { describe, expect, it } from 'vitest';
import { prettyLogText } from '#local/pretty-log.js';

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

  it('drops EMF metric lines and leaves any other text as it is', () => {
    const metric = JSON.stringify({ _aws: { Timestamp: 1 }, status2xx: 1 });
    expect(prettyLogText(`${metric}\nClearway sandbox is running.\n{not json\n`)).toBe(
      'Clearway sandbox is running.\n{not json\n',
    );
  });
});
