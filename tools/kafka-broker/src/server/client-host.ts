/**
 * Kafka prints a member's address the way Java prints an InetAddress without a host name:
 * a leading slash, and an IPv4 address mapped into IPv6 shown as plain IPv4.
 */
export function describeClientHost(remoteAddress: string | undefined): string {
  if (!remoteAddress) return '';
  return `/${remoteAddress.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, '')}`;
}
