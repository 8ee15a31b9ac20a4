import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * A GOST PKI made by OpenSSL's GOST engine (Debian libengine-gost-openssl), an issuer the product did
 * not write: a root CA, an issuing CA under it (path length 0) and end-entity certificates for
 * signing, each naming the CRL its issuer publishes at `crlBase`; revocation and CRLs through
 * `openssl ca` and its index. Signatures are `openssl cms -sign` detached CMS carrying the signer's
 * certificate only, as CryptoPro sends them.
 */
export interface Person {
  readonly name: string;
  readonly certPem: string;
  readonly keyPem: string;
  /** Base64 DER of the certificate (what a browser sends as `certificate`). */
  readonly certificate: string;
  readonly der: Buffer;
}

const caConfig = (dir: string, crlBase: string) => `
[ ca ]
default_ca = issuing
[ common ]
default_md = md_gost12_256
preserve = yes
policy = any
unique_subject = no
copy_extensions = none
[ issuing ]
dir = ${dir}/issuing
database = $dir/index.txt
new_certs_dir = $dir
serial = $dir/serial
crlnumber = $dir/crlnumber
certificate = ${dir}/issuing.pem
private_key = ${dir}/issuing.key
default_md = md_gost12_256
preserve = yes
policy = any
unique_subject = no
[ root ]
dir = ${dir}/root
database = $dir/index.txt
new_certs_dir = $dir
serial = $dir/serial
crlnumber = $dir/crlnumber
certificate = ${dir}/root.pem
private_key = ${dir}/root.key
default_md = md_gost12_256
preserve = yes
policy = any
unique_subject = no
[ any ]
countryName = optional
organizationName = optional
surname = optional
givenName = optional
commonName = supplied
SNILS = optional
[ v3_root ]
basicConstraints = critical,CA:TRUE
keyUsage = critical,keyCertSign,cRLSign
subjectKeyIdentifier = hash
[ v3_issuing ]
basicConstraints = critical,CA:TRUE,pathlen:0
keyUsage = critical,keyCertSign,cRLSign
subjectKeyIdentifier = hash
authorityKeyIdentifier = keyid
crlDistributionPoints = URI:${crlBase}/root.crl
[ v3_person ]
basicConstraints = critical,CA:FALSE
keyUsage = critical,digitalSignature,nonRepudiation
subjectKeyIdentifier = hash
authorityKeyIdentifier = keyid
crlDistributionPoints = URI:${crlBase}/issuing.crl
[ v3_person_no_cdp ]
basicConstraints = critical,CA:FALSE
keyUsage = critical,digitalSignature,nonRepudiation
subjectKeyIdentifier = hash
authorityKeyIdentifier = keyid
`;

const stamp = (d: Date) => d.toISOString().replace(/[-:T]/g, '').slice(0, 14) + 'Z';

export class OpenSslPki {
  readonly dir: string;
  private readonly config: string;

  constructor(
    readonly title: string,
    crlBase: string,
  ) {
    this.dir = mkdtempSync(path.join(tmpdir(), 'gost-pki-'));
    for (const ca of ['root', 'issuing']) {
      mkdirSync(path.join(this.dir, ca));
      writeFileSync(path.join(this.dir, ca, 'index.txt'), '');
      writeFileSync(path.join(this.dir, ca, 'serial'), ca === 'root' ? '1000\n' : '2000\n');
      writeFileSync(path.join(this.dir, ca, 'crlnumber'), '01\n');
    }
    this.config = path.join(this.dir, 'ca.cnf');
    writeFileSync(this.config, caConfig(this.dir, crlBase));
  }

  /** Removes the PKI's folder (keys, CA databases, CRLs). */
  dispose(): void {
    rmSync(this.dir, { recursive: true, force: true });
  }

  ssl(...args: string[]): Buffer {
    return execFileSync('openssl', args, { cwd: this.dir, stdio: ['ignore', 'pipe', 'pipe'] });
  }

  private key(name: string): string {
    const file = path.join(this.dir, `${name}.key`);
    this.ssl('genpkey', '-engine', 'gost', '-algorithm', 'gost2012_256', '-pkeyopt', 'paramset:A', '-out', file);
    return file;
  }

  private csr(name: string, subject: string): string {
    const file = path.join(this.dir, `${name}.csr`);
    this.ssl('req', '-engine', 'gost', '-new', '-key', this.key(name), '-utf8', '-subj', subject, '-out', file);
    return file;
  }

  /** Makes the root (self-signed) and the issuing CA under it. */
  build(): this {
    this.ssl('req', '-engine', 'gost', '-x509', '-new', '-key', this.key('root'), '-utf8', '-subj', `/C=RU/O=${this.title}/CN=${this.title}: корневой УЦ`,
      '-days', '3650', '-md_gost12_256', '-config', this.config, '-extensions', 'v3_root', '-out', path.join(this.dir, 'root.pem'));
    const csr = this.csr('issuing', `/C=RU/O=${this.title}/CN=${this.title}: выдающий УЦ`);
    this.ssl('ca', '-engine', 'gost', '-batch', '-config', this.config, '-name', 'root', '-extensions', 'v3_issuing', '-days', '1825', '-notext', '-in', csr, '-out', path.join(this.dir, 'issuing.pem'));
    return this;
  }

  pem(name: 'root' | 'issuing'): string {
    return path.join(this.dir, `${name}.pem`);
  }

  der(pemFile: string): Buffer {
    return this.ssl('x509', '-in', pemFile, '-outform', 'DER');
  }

  /** An end-entity certificate for signing, issued by the issuing CA (valid `days` from `start`, default now). */
  person(name: string, fio: { surname: string; given: string; snils?: string }, o: { start?: Date; end?: Date; cdp?: boolean } = {}): Person {
    const subject = `/C=RU/SN=${fio.surname}/GN=${fio.given}/CN=${fio.surname} ${fio.given}${fio.snils ? `/1.2.643.100.3=${fio.snils}` : ''}`;
    const csr = this.csr(name, subject);
    const certPem = path.join(this.dir, `${name}.pem`);
    const start = o.start ?? new Date(Date.now() - 60_000);
    const end = o.end ?? new Date(Date.now() + 365 * 24 * 3600_000);
    this.ssl('ca', '-engine', 'gost', '-batch', '-config', this.config, '-name', 'issuing', '-extensions', o.cdp === false ? 'v3_person_no_cdp' : 'v3_person',
      '-startdate', stamp(start), '-enddate', stamp(end), '-notext', '-in', csr, '-out', certPem);
    const der = this.der(certPem);
    return { name, certPem, keyPem: path.join(this.dir, `${name}.key`), certificate: der.toString('base64'), der };
  }

  /** Revokes a certificate in the issuing CA's index (the next CRL lists it). */
  revoke(p: Person): void {
    this.ssl('ca', '-engine', 'gost', '-batch', '-config', this.config, '-name', 'issuing', '-revoke', p.certPem);
  }

  /** The current CRL of a CA (DER), valid for `seconds`. */
  crl(ca: 'root' | 'issuing', seconds = 3600): Buffer {
    const out = path.join(this.dir, `${ca}.crl.pem`);
    this.ssl('ca', '-engine', 'gost', '-batch', '-config', this.config, '-name', ca, '-gencrl', '-crlsec', String(seconds), '-out', out);
    return this.ssl('crl', '-in', out, '-outform', 'DER');
  }

  /** A .p7b bundle (DER) of these certificates. */
  p7b(...pemFiles: string[]): Buffer {
    return this.ssl('crl2pkcs7', '-nocrl', ...pemFiles.flatMap((f) => ['-certfile', f]), '-outform', 'DER');
  }

  /** A detached CMS (DER) over `content` by `p`, carrying only `p`'s certificate. */
  sign(p: Pick<Person, 'certPem' | 'keyPem'>, content: Buffer): Buffer {
    const input = path.join(this.dir, `content-${Date.now()}-${Math.random().toString(36).slice(2)}`);
    writeFileSync(input, content);
    return this.ssl('cms', '-sign', '-engine', 'gost', '-binary', '-md', 'md_gost12_256', '-in', input, '-signer', p.certPem, '-inkey', p.keyPem, '-outform', 'DER');
  }

  /**
   * Verifies a stored signature with OpenSSL against the trust store: its roots and intermediate CAs
   * in one -CAfile (`cms -verify` takes no untrusted chain; without -partial_chain OpenSSL still
   * builds the path up to a self-signed root of the file). Throws when it fails.
   */
  static verify(signature: Buffer, content: Buffer, roots: readonly Buffer[], intermediates: readonly Buffer[]): void {
    const dir = mkdtempSync(path.join(tmpdir(), 'gost-verify-'));
    const toPem = (der: Buffer) => `-----BEGIN CERTIFICATE-----\n${der.toString('base64').replace(/.{64}/g, '$&\n')}\n-----END CERTIFICATE-----\n`;
    writeFileSync(path.join(dir, 'store.pem'), [...roots, ...intermediates].map(toPem).join(''));
    writeFileSync(path.join(dir, 'doc'), content);
    writeFileSync(path.join(dir, 'doc.sig'), signature);
    try {
      execFileSync('openssl', ['cms', '-verify', '-engine', 'gost', '-binary', '-inform', 'DER', '-in', path.join(dir, 'doc.sig'), '-content', path.join(dir, 'doc'),
        '-CAfile', path.join(dir, 'store.pem'), '-out', '/dev/null'], { stdio: ['ignore', 'pipe', 'pipe'] });
    } catch (error) {
      throw new Error(`openssl cms -verify failed: ${String((error as { stderr?: Buffer }).stderr ?? error)}`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }

  read(file: string): Buffer {
    return readFileSync(file);
  }
}
