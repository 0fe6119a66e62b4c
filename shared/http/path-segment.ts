/** One safe path segment, as a plain rule (no zod): the operations' path parameters and the `/gateway/` reads. */

const SEGMENT_CHARACTERS = /^[A-Za-z0-9\-._~:@!$&'()*+,;=]+$/;

/**
 * 1 to `maxLength` of the characters RFC 3986 allows unencoded in a segment, not `.` or `..`. That leaves
 * out `/`, `\`, `%`, `?`, `#`, white space and control characters.
 */
export function isSafeSegment(value: string, maxLength = 128): boolean {
  return value.length <= maxLength && SEGMENT_CHARACTERS.test(value) && !/^\.+$/.test(value);
}

export function safeSegmentMessage(name: string, maxLength = 128): string {
  return `${name} must be 1 to ${maxLength} letters, digits or - . _ ~ : @ ! $ & ' ( ) * + , ; = (one path segment, not . or ..).`;
}
