/**
 * Certificates as the signing area keeps and shows them (signatures, an account's registered
 * certificates, the trusted CAs): what the server read from the certificate, without its bytes.
 */
export interface CertificateSummary {
  /** SHA-1 of the DER, upper-case hex (as CryptoPro shows it). */
  readonly thumbprint: string;
  /** Serial number, upper-case hex without the sign byte. */
  readonly serial: string;
  /** 'CN=…, SN=…, G=…, СНИЛС=…' in the certificate's order. */
  readonly subject: string;
  readonly issuer: string;
  /** The owner's name: CN, else surname and given names. */
  readonly owner: string;
  readonly surname: string | null;
  readonly given_name: string | null;
  readonly snils: string | null;
  readonly organization: string | null;
  /** ISO date-times. */
  readonly valid_from: string;
  readonly valid_to: string;
}

/** Whether the certificate was valid at `at`. */
export const validAt = (c: Pick<CertificateSummary, 'valid_from' | 'valid_to'>, at: Date): boolean =>
  Date.parse(c.valid_from) <= at.getTime() && at.getTime() <= Date.parse(c.valid_to);

const fold = (s: string | null | undefined): string =>
  (s ?? '').toLowerCase().replace(/ё/g, 'е').replace(/[^a-zа-я0-9]+/g, ' ').trim();

export interface PersonName {
  readonly surname: string | null;
  readonly name: string;
  readonly patronymic: string | null;
}

/**
 * Whether the certificate's subject names this person: the CN, or SN with G, equal to the surname,
 * name and patronymic (case, 'ё' and punctuation folded). Shown beside a proposed certificate so
 * the administrator sees it; never a reason to register it (docs/decisions.md 125).
 */
export const subjectNamesPerson = (c: Pick<CertificateSummary, 'owner' | 'surname' | 'given_name'>, person: PersonName): boolean => {
  const full = fold([person.surname, person.name, person.patronymic].filter(Boolean).join(' '));
  if (!full) return false;
  const bySnG = fold([c.surname, c.given_name].filter(Boolean).join(' '));
  return fold(c.owner) === full || (bySnG !== '' && bySnG === full);
};

/** Where a registered certificate came from. */
export type CertificateSource = 'upload' | 'signature';

/** Revocation as recorded with a signature. */
export type RevocationStatus = 'good' | 'not_checked';

export const revocationTitles: Readonly<Record<RevocationStatus, string>> = {
  good: 'не отозван',
  not_checked: 'статус отзыва не проверен',
};
