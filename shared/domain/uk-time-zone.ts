/** The time zone of every time the spec gives in "UK time". Its own module: naming it loads no date library. */
export const UK_TIME_ZONE = 'Europe/London';
