import { describe, expect, it } from 'vitest';
import { BoundedLog } from '#sim/core/bounded-log.js';

describe('a bounded log keeps the newest entries within its limits', () => {
  it('drops the oldest entry once it holds its count', () => {
    const log = new BoundedLog<number>({ count: 3 });

    for (let n = 1; n <= 5; n++) log.push(n);

    expect(log.entries).toEqual([3, 4, 5]);
  });

  it('drops the oldest entries once their JSON text passes its bytes', () => {
    const log = new BoundedLog<string>({ count: 100, bytes: 25 });

    for (const text of ['aaaaaaaa', 'bbbbbbbb', 'cccccccc']) log.push(text); // 10 bytes of JSON each

    expect(log.entries).toEqual(['bbbbbbbb', 'cccccccc']);
  });

  it('keeps the newest entry even when it alone is larger than its bytes', () => {
    const log = new BoundedLog<string>({ count: 100, bytes: 5 });

    log.push('small');
    log.push('much larger than the limit');

    expect(log.entries).toEqual(['much larger than the limit']);
  });

  it('counts bytes from empty again after it is cleared', () => {
    const log = new BoundedLog<string>({ count: 100, bytes: 25 });
    log.push('aaaaaaaa');
    log.push('bbbbbbbb');

    log.clear();
    log.push('cccccccc');
    log.push('dddddddd');

    expect(log.entries).toEqual(['cccccccc', 'dddddddd']);
  });
});
