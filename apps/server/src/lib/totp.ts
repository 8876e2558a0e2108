import { createHash, randomInt } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { renderSVG } from 'uqr';

/**
 * (issue 58) 2-step login: TOTP codes (RFC 6238: SHA-1, 6 digits, 30 s steps, as authenticator apps use them), the
 * otpauth:// URI and its QR code (drawn here as SVG, so no remote service sees the secret), and recovery codes.
 */
const TOTP_PERIOD_S = 30;
const TOTP_ISSUER = 'Publisher Portal';
/** codes of the step before and after the server's clock are accepted too (clock drift, a code typed late) */
const TOTP_WINDOW = 1;
const RECOVERY_CODE_COUNT = 10;

/** A new secret: 160 random bits (RFC 4226's recommended length), base32 as apps take it. */
export const newTotpSecret = () => new Secret({ size: 20 }).base32;

const totp = (secret: string, label = '') =>
  new TOTP({ issuer: TOTP_ISSUER, label, secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: TOTP_PERIOD_S });

/** The time step of `at` (seconds since the epoch / 30). */
const totpStep = (at: Date) => Math.floor(at.getTime() / 1000 / TOTP_PERIOD_S);

/**
 * The step a 6-digit code belongs to, within ±TOTP_WINDOW steps of `at`; null when it matches none. The caller
 * refuses a step not after the last one used (each code once).
 */
export function totpCodeStep(secret: string, code: string, at: Date): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totp(secret).validate({ token: code, timestamp: at.getTime(), window: TOTP_WINDOW });
  return delta === null ? null : totpStep(at) + delta;
}

export function otpauthUri(secret: string, label: string) {
  return totp(secret, label).toString();
}

/** The QR code of an otpauth:// URI as an SVG document (black on white, with its quiet zone). */
export function qrSvg(uri: string) {
  return renderSVG(uri, { ecc: 'M', pixelSize: 6, border: 2 });
}

// 31 letters and digits without 0/O, 1/I/L: a code read off paper is typed without doubt
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
/** Ten recovery codes `XXXXX-XXXXX` (about 49 bits each), shown once; only their SHA-256 is kept. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = Array.from({ length: 10 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

/** A typed recovery code as stored: upper case, without spaces or dashes. */
const normalizeRecoveryCode = (code: string) => code.replace(/[\s-]/g, '').toUpperCase();

/** Whether an entered second factor looks like a recovery code rather than a 6-digit code. */
export const isRecoveryCodeShape = (code: string) => /^[A-Z0-9]{10}$/.test(normalizeRecoveryCode(code));

export const hashRecoveryCode = (code: string) => createHash('sha256').update(normalizeRecoveryCode(code)).digest('hex');
