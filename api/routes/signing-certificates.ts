import type { FastifyInstance, FastifyRequest } from 'fastify';
import { readFile } from 'node:fs/promises';
import {
  confirmCertificate,
  certificateAccount,
  readUserCertificates,
  registerCertificate,
  rejectCertificate,
  unregisterCertificate,
} from '../../commands/signing/user-certificates';
import { addTrustedCas, addTrustedCrl, readTrustedCas, removeTrustedCa, removeTrustedCrl } from '../../commands/signing/trusted-cas';
import { invalid, notFound } from '../../domain/shared/errors';
import { RightValue } from '../../domain/rights/values';
import { kindOf, trustedCasMessages } from '../../domain/signing/trusted-cas';
import {
  CERTIFICATES_RIGHT,
  ensureCertificatesVisible,
  userCertificateMessages,
  type RegisteredCertificate,
  type ProposedCertificate,
} from '../../domain/signing/user-certificates';
import { actorOf } from '../auth/current-user';
import type { AppContext } from '../context';
import { readBody, type ParsedBody, type UploadLimits } from '../http/multipart';
import { commandContext, idParam, requireRight, userOf } from '../http/guard';
import { documented, noBody } from '../http/route-registry';

const CERTIFICATE_LIMITS: UploadLimits = {
  files: 1,
  filesMessage: 'Приложите один файл',
  fileBytes: 1024 * 1024,
  fileMessage: 'Файл сертификата не может быть более 1 мегабайта',
  totalBytes: 1024 * 1024,
};
const CRL_LIMITS: UploadLimits = {
  files: 1,
  filesMessage: 'Приложите один файл',
  fileBytes: 64 * 1024 * 1024,
  fileMessage: 'Файл списка отзыва не может быть более 64 мегабайт',
  totalBytes: 64 * 1024 * 1024,
};

const THUMBPRINT = /^[0-9A-F]{40}$/;
const thumbprintParam = (raw: unknown, message: string): string => {
  const t = String(raw ?? '').toUpperCase();
  if (!THUMBPRINT.test(t)) throw notFound(message);
  return t;
};

/** The uploaded file's bytes, or a base64/PEM text field `field`; `missing` when neither is there. */
const uploadedBytes = async (body: ParsedBody, field: string, missing: string): Promise<Uint8Array> => {
  const upload = body.uploads[0];
  if (upload) return new Uint8Array(await readFile(upload.blob.tmpPath));
  const text = String(body.fields[field] ?? '').trim();
  if (!text) throw invalid(missing, { [field]: missing });
  return new Uint8Array(Buffer.from(text, 'latin1'));
};

const withoutDer = <T extends { certificate: string }>({ certificate: _der, ...rest }: T): Omit<T, 'certificate'> => rest;

/** An account's certificates as the card shows them (no DER). */
const certificatesView = (state: { registered: readonly RegisteredCertificate[]; proposed: readonly ProposedCertificate[] }) => ({
  registered: state.registered.map(withoutDer),
  proposed: state.proposed.map(withoutDer),
});

/**
 * Certificates of electronic signatures: the trust store ('Доверенные УЦ': roots, intermediate CAs,
 * CRLs) and the certificates registered to each account (the employee card's 'Сертификаты'), all
 * under RIGHT_SIGNING_CERTIFICATES FULL; an account's list is also shown to whoever sees its card.
 */
export const signingCertificateRoutes = (app: FastifyInstance, ctx: AppContext) => {
  app.get('/api/trusted_cas', async (request) => {
    requireRight(request, CERTIFICATES_RIGHT, RightValue.FULL);
    const state = await readTrustedCas(ctx);
    return { cas: state.cas.map((c) => ({ ...withoutDer(c), kind: kindOf(c) })), crls: state.crls };
  });

  app.post('/api/trusted_cas', documented({ multipart: { certificate: { description: 'Файл сертификата (DER или PEM; или текст PEM/Base64 в этом поле)', file: true } } }), async (request) => {
    requireRight(request, CERTIFICATES_RIGHT, RightValue.FULL);
    const body = await readBody(request, ctx.files, CERTIFICATE_LIMITS);
    try {
      const bytes = await uploadedBytes(body, 'certificate', trustedCasMessages.noCertificate);
      const r = await addTrustedCas(ctx, bytes, commandContext(request));
      return { message: trustedCasMessages.added(r.added, r.skipped), added: r.events.map((e) => withoutDer(e.data as { certificate: string })) };
    } finally {
      await body.discard();
    }
  });

  app.delete('/api/trusted_cas/:thumbprint', async (request) => {
    requireRight(request, CERTIFICATES_RIGHT, RightValue.FULL);
    const thumbprint = thumbprintParam((request.params as { thumbprint: string }).thumbprint, trustedCasMessages.notFound);
    await removeTrustedCa(ctx, thumbprint, commandContext(request));
    return { message: trustedCasMessages.removed };
  });

  app.post('/api/trusted_crls', documented({ multipart: { crl: { description: 'Список отозванных сертификатов (CRL; или текст PEM/Base64 в этом поле)', file: true } } }), async (request) => {
    requireRight(request, CERTIFICATES_RIGHT, RightValue.FULL);
    const body = await readBody(request, ctx.files, CRL_LIMITS);
    try {
      const bytes = await uploadedBytes(body, 'crl', trustedCasMessages.noCrl);
      const r = await addTrustedCrl(ctx, ctx.files, bytes, commandContext(request));
      return { message: trustedCasMessages.crlAdded(r.crl.issuer, r.crl.revoked_count), crl: r.crl };
    } finally {
      await body.discard();
    }
  });

  app.delete('/api/trusted_crls/:id', async (request) => {
    requireRight(request, CERTIFICATES_RIGHT, RightValue.FULL);
    const id = thumbprintParam((request.params as { id: string }).id, trustedCasMessages.crlNotFound);
    await removeTrustedCrl(ctx, id, commandContext(request));
    return { message: trustedCasMessages.crlRemoved };
  });

  const accountParam = (request: FastifyRequest) => idParam((request.params as { id: string }).id);

  app.get('/api/users/:id/certificates', async (request) => {
    const user = userOf(request);
    const id = accountParam(request);
    ensureCertificatesVisible(actorOf(user), await certificateAccount(ctx, id));
    return certificatesView(await readUserCertificates(ctx, id));
  });

  app.post('/api/users/:id/certificates', documented({ multipart: { certificate: { description: 'Файл сертификата (DER или PEM; или текст PEM/Base64 в этом поле)', file: true } } }), async (request) => {
    const user = requireRight(request, CERTIFICATES_RIGHT, RightValue.FULL);
    const id = accountParam(request);
    const body = await readBody(request, ctx.files, CERTIFICATE_LIMITS);
    try {
      const bytes = await uploadedBytes(body, 'certificate', userCertificateMessages.noCertificate);
      const r = await registerCertificate(ctx, id, bytes, actorOf(user), commandContext(request));
      return { message: userCertificateMessages.registered, ...certificatesView(r.state) };
    } finally {
      await body.discard();
    }
  });

  app.post('/api/users/:id/certificates/:thumbprint/confirm', documented({ body: noBody }), async (request) => {
    const user = requireRight(request, CERTIFICATES_RIGHT, RightValue.FULL);
    const id = accountParam(request);
    const thumbprint = thumbprintParam((request.params as { thumbprint: string }).thumbprint, userCertificateMessages.notProposed);
    const r = await confirmCertificate(ctx, id, thumbprint, actorOf(user), commandContext(request));
    return { message: userCertificateMessages.confirmed, ...certificatesView(r.state) };
  });

  app.delete('/api/users/:id/certificate_proposals/:thumbprint', async (request) => {
    const user = requireRight(request, CERTIFICATES_RIGHT, RightValue.FULL);
    const id = accountParam(request);
    const thumbprint = thumbprintParam((request.params as { thumbprint: string }).thumbprint, userCertificateMessages.notProposed);
    const r = await rejectCertificate(ctx, id, thumbprint, actorOf(user), commandContext(request));
    return { message: userCertificateMessages.rejected, ...certificatesView(r.state) };
  });

  app.delete('/api/users/:id/certificates/:thumbprint', async (request) => {
    const user = requireRight(request, CERTIFICATES_RIGHT, RightValue.FULL);
    const id = accountParam(request);
    const thumbprint = thumbprintParam((request.params as { thumbprint: string }).thumbprint, userCertificateMessages.notRegistered);
    const r = await unregisterCertificate(ctx, id, thumbprint, actorOf(user), commandContext(request));
    return { message: userCertificateMessages.unregistered, ...certificatesView(r.state) };
  });
};
