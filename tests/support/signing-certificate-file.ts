import { generateKeyPairSync } from "node:crypto";
import { writeFileSync } from "node:fs";
import forge from "node-forge";

/**
 * A PKCS#12 file as an agency would bring one (SIGNING_CERT_P12): an RSA key and its certificate,
 * here self-signed and made by node-forge, written to `file` with `passphrase`.
 */
export function writeP12File(options: { file: string; commonName: string; passphrase: string }): void {
  const { privateKey, publicKey } = generateKeyPairSync("rsa", {
    modulusLength: 2048,
    publicKeyEncoding: { type: "spki", format: "pem" },
    privateKeyEncoding: { type: "pkcs8", format: "pem" },
  });
  const certificate = forge.pki.createCertificate();
  certificate.publicKey = forge.pki.publicKeyFromPem(publicKey);
  certificate.serialNumber = "0a1b2c3d";
  certificate.validity.notBefore = new Date(Date.UTC(2026, 0, 1));
  certificate.validity.notAfter = new Date(Date.UTC(2031, 0, 1));
  const subject = [{ name: "commonName", value: options.commonName }];
  certificate.setSubject(subject);
  certificate.setIssuer(subject);
  const key = forge.pki.privateKeyFromPem(privateKey);
  certificate.sign(key, forge.md.sha256.create());
  const archive = forge.pkcs12.toPkcs12Asn1(key, [certificate], options.passphrase, { algorithm: "3des" });
  writeFileSync(options.file, Buffer.from(forge.asn1.toDer(archive).getBytes(), "binary"));
}
