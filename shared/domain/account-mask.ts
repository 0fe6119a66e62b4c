/** `****` and the last four characters: never a full account number. */
export function maskAccount(identification: string | undefined): string | undefined {
  if (identification === undefined || identification === '') return undefined;
  const compact = identification.replace(/\s+/g, '');
  return `****${compact.length > 4 ? compact.slice(-4) : ''}`;
}
