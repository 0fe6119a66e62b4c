/** `****` and the last four characters: never a full account number. */
export function maskAccount(identification: string | undefined): string | undefined {
  if (identification === undefined || identification === '') return undefined;
  const compact = identification.replace(/\s+/g, '');
  return `****${compact.length > 4 ? compact.slice(-4) : ''}`;
}

/** Text for a log: every run of six or more digits (an account number a caller put anywhere) masked. */
export function maskDigitRuns(text: string): string {
  return text.replace(/\d{6,}/g, (digits) => `****${digits.slice(-4)}`);
}
