/**
 * Russian texts of signing refusals (requests.md 8; the exact wording is ours, recorded in
 * docs/decisions.md, decisions 72–86 signing). The client shows the same texts.
 */
export const signingMessages = {
  certificateNotFound: 'Сертификат не найден',
  createFailed: (reason: string) => `Не удалось создать подпись: ${reason}`,
  verifyFailed: (reason: string) => `Не удалось проверить подпись: ${reason}`,
  fileReaderUnsupported: 'Чтение файлов не поддерживается браузером',
  documentNotFound: 'Документ на подпись не найден',
  documentRemoved: 'Документ удалён, подписание отменено',
  notAssigned: 'Вы не назначены подписантом этого документа',
  noSignerOfKind: 'У документа нет подписанта этой роли',
  noRight: 'Нет права подписывать документы этой роли',
  notCaller: 'Подписать можно только от своего имени',
  alreadySigned: 'Документ уже подписан этим подписантом',
  outOfOrder: (waitingFor: string) => `Документ ещё не подписан: сначала подписывает ${waitingFor}`,
  allSigned: 'Документ уже подписан всеми подписантами',
  /** The signer certificate is registered to another account (403). */
  certificateOfOther: (owner: string, account: string) =>
    `Сертификат «${owner}» зарегистрирован за другим работником (${account}): подписать им от своего имени нельзя`,
  /** A certificate registered to nobody: proposed to the administrators, the signature is not kept (409). */
  certificateNotRegistered: (owner: string) =>
    `Сертификат «${owner}» не зарегистрирован за вашей учётной записью. Он передан администратору на подтверждение; после подтверждения подпишите документ ещё раз`,
} as const;

/** Reasons inside verifyFailed. */
export const verifyReasons = {
  notCms: 'файл не является подписью CMS',
  signerCount: 'подпись должна содержать ровно одного подписанта',
  notDetached: 'подпись содержит документ, ожидается отсоединённая подпись',
  noSignedAttributes: 'в подписи нет подписанных атрибутов',
  digestMismatch: 'подписан другой документ (хэш не совпадает)',
  badSignature: 'подпись не соответствует сертификату',
  certificateExpired: 'сертификат не действовал в момент подписания',
  certificateNotValidAt: (owner: string, from: string, to: string) => `сертификат «${owner}» не действовал в момент подписания (действителен с ${from} по ${to})`,
  untrusted: 'сертификат не выдан доверенным удостоверяющим центром',
  caNotValidAt: (ca: string) => `сертификат удостоверяющего центра «${ca}» не действовал в момент подписания`,
  issuerNotCa: (name: string) => `сертификат «${name}» не является сертификатом удостоверяющего центра`,
  pathTooLong: (ca: string) => `удостоверяющий центр «${ca}» не вправе выдавать сертификаты подчинённым центрам (ограничение длины цепочки)`,
  caAsSigner: 'сертификат удостоверяющего центра не может быть сертификатом подписанта',
  notForSigning: 'сертификат не предназначен для электронной подписи (назначение ключа)',
  revoked: (owner: string, date: string) => `сертификат «${owner}» отозван ${date}`,
  otherCertificate: 'подпись сделана не выбранным сертификатом',
  unsupported: (what: string) => `алгоритм не поддерживается (${what})`,
  noSigningTime: 'в подписи нет времени подписания',
  futureSigningTime: 'время подписания позже текущего',
} as const;

/** Who the document waits for, in the genitive-free form used in outOfOrder. */
export const waitingTitles = { iac: 'подписант от филиала', unit: 'подписант от объекта', final: 'итоговый подписант' } as const;
