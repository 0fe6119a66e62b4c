/** One safe path segment, as a plain rule (no zod): the operations' path parameters and the `/gateway/` reads. */

/**
 * 1 to `maxLength` of the characters RFC 3986 allows unencoded in a segment. That leaves out `/`, `\`, `%`,
 * `?`, `#`, white space and control characters (the OpenAPI document states it as the parameter's pattern).
 */
export function segmentPattern(maxLength = 128): RegExp {
  return new RegExp(`^[A-Za-z0-9\\-._~:@!$&'()*+,;=]{1,${maxLength}}$`);
}

/** Not `.` or `..`, which name another resource once the URL is resolved. */
export function isDotSegment(value: string): boolean {
  return /^\.+$/.test(value);
}

export function isSafeSegment(value: string, maxLength = 128): boolean {
  return segmentPattern(maxLength).test(value) && !isDotSegment(value);
}

export function safeSegmentMessage(name: string, maxLength = 128): string {
  return `${name} must be 1 to ${maxLength} letters, digits or - . _ ~ : @ ! $ & ' ( ) * + , ; = (one path segment, not . or ..).`;
}
