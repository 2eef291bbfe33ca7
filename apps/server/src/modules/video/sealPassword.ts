import crypto from 'node:crypto';

/**
 * Seals a user name or password with the gateway's public key the way the DSS web client does
 * (RSA PKCS#1 v1.5, base64). The gateway hands out the key as bare base64 DER (SPKI).
 */
export function sealForGateway(publicKeyBase64: string, text: string): string {
  const body = publicKeyBase64.replace(/\s+/g, '').match(/.{1,64}/g)?.join('\n') ?? '';
  const pem = `-----BEGIN PUBLIC KEY-----\n${body}\n-----END PUBLIC KEY-----\n`;
  return crypto.publicEncrypt({ key: pem, padding: crypto.constants.RSA_PKCS1_PADDING }, Buffer.from(text, 'utf8')).toString('base64');
}
