import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface Certificate {
  key: string;
  cert: string;
}

/**
 * A self-signed certificate for duckduckgo.com and its subdomains, made at bench start with the openssl
 * command (node:crypto makes keys but not certificates). P-256, as DuckDuckGo's own certificate is ECDSA,
 * so the handshake costs what it costs against the real hosts. Valid one day; trusted only by the bench's
 * processes (NODE_EXTRA_CA_CERTS), never installed anywhere.
 */
export function duckDuckGoCertificate(): Certificate {
  const dir = mkdtempSync(join(tmpdir(), 'agent-search-bench-tls-'));
  try {
    const key = join(dir, 'key.pem');
    const cert = join(dir, 'cert.pem');
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=duckduckgo.com',
        '-addext',
        'subjectAltName=DNS:duckduckgo.com,DNS:*.duckduckgo.com',
        '-keyout',
        key,
        '-out',
        cert,
      ],
      { stdio: 'ignore' },
    );
    return { key: readFileSync(key, 'utf8'), cert: readFileSync(cert, 'utf8') };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
