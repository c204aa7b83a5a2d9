/**
 * YooKassa's published notification addresses (docs/product.md, «Money»): in production a
 * notification from elsewhere is dropped (it would change nothing anyway: the payment is read
 * back from the acquirer). IPv4 and IPv6 ranges alike.
 */
const YOOKASSA_NETS = [
  '185.71.76.0/27',
  '185.71.77.0/27',
  '77.75.153.0/25',
  '77.75.156.11/32',
  '77.75.156.35/32',
  '77.75.154.128/25',
  '2a02:5180::/32',
];

/** An address as a number and its width in bits, or null when it is not an IP address. */
function parseIp(ip: string): { value: bigint; bits: 32 | 128 } | null {
  const v4 = (s: string): bigint | null => {
    const n = s.split('.');
    if (n.length !== 4 || n.some((x) => !/^\d{1,3}$/.test(x) || Number(x) > 255)) return null;
    return n.reduce((acc, x) => (acc << 8n) | BigInt(Number(x)), 0n);
  };
  if (!ip.includes(':')) {
    const value = v4(ip);
    return value === null ? null : { value, bits: 32 };
  }
  let text = ip.toLowerCase();
  // An IPv4 tail (::ffff:1.2.3.4) stands for the last two groups.
  const tail = text.match(/^(.*:)(\d+\.\d+\.\d+\.\d+)$/);
  if (tail) {
    const value = v4(tail[2]!);
    if (value === null) return null;
    text = `${tail[1]}${(value >> 16n).toString(16)}:${(value & 0xffffn).toString(16)}`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const groups = (s: string) => (s === '' ? [] : s.split(':'));
  const head = groups(halves[0]!);
  const rest = halves.length === 2 ? groups(halves[1]!) : [];
  const missing = 8 - head.length - rest.length;
  if (halves.length === 2 ? missing < 1 : missing !== 0) return null;
  const all = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill('0'), ...rest];
  if (all.some((g) => !/^[0-9a-f]{1,4}$/.test(g))) return null;
  return { value: all.reduce((acc, g) => (acc << 16n) | BigInt(`0x${g}`), 0n), bits: 128 };
}

/** Whether a notification comes from one of YooKassa's addresses. */
export function fromYookassa(ip: string): boolean {
  const address = parseIp(ip.trim());
  if (!address) return false;
  return YOOKASSA_NETS.some((net) => {
    const [base, prefix] = net.split('/');
    const b = parseIp(base!);
    if (!b || b.bits !== address.bits) return false;
    const shift = BigInt(address.bits - Number(prefix));
    return address.value >> shift === b.value >> shift;
  });
}
