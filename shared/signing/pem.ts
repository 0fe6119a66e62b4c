/** DER bytes to a PEM block with 64-character lines. */
export function derToPem(der: Uint8Array, label: string): string {
  const lines =
    Buffer.from(der)
      .toString('base64')
      .match(/.{1,64}/g) ?? [];
  return `-----BEGIN ${label}-----\n${lines.join('\n')}\n-----END ${label}-----\n`;
}
