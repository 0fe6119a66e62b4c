export * from './calendar.js';
export * from './countries.js';
export * from './currencies.js';
export * from './errors.js';
export * from './field-rules.js';
export * from './fx.js';
export * from './mccy-schedule.js';
export * from './money.js';
