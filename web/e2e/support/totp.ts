import { createHmac } from 'node:crypto';

// What an authenticator app computes from the key the screen shows (RFC 6238, 30-second steps).

/** RFC 4648 base32, as the key is shown. */
function base32(text: string): Buffer {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const char of text.replace(/[=\s]/g, '').toUpperCase()) {
    value = (value << 5) | alphabet.indexOf(char);
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/** The RFC 6238 code of `secret` `steps` 30-second steps from now. */
export function totp(secret: string, steps = 0): string {
  const counter = Math.floor(Date.now() / 1000 / 30) + steps;
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac('sha1', base32(secret)).update(message).digest();
  const offset = (mac[mac.length - 1] ?? 0) & 15;
  return ((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).toString().padStart(6, '0');
}
