import { useCallback } from 'react';
import { fromBase64 } from '@domain/signing/base64';
import type { SignerKind } from '@domain/signing/events';
import { apiErrorText, isFetchBaseQueryError } from '@/lib/api';
import type { SignOutcome } from './model';
import type { Signer, SignerCertificate } from './port';
import { useSignMutation, useSignOriginalMutation, type SignDocument } from './signing-api';

export interface SignerChoice {
  readonly signer: Signer;
  readonly certificate: SignerCertificate;
}

export interface SignTask {
  readonly doc: SignDocument;
  readonly kind: SignerKind;
}

const messageOf = (e: unknown): string =>
  isFetchBaseQueryError(e) ? apiErrorText(e) : e instanceof Error ? e.message : typeof e === 'object' && e && 'message' in e ? String(e.message) : String(e);

/**
 * Signs documents one by one: fetch the original, sign it in the browser, post the signature (the
 * server verifies each on its own). A refusal of one document does not stop the others; each gets
 * its outcome. `onProgress` is called after every document.
 */
export const useSignDocuments = (userId: number | null) => {
  const [original] = useSignOriginalMutation();
  const [sign] = useSignMutation();
  return useCallback(
    async (tasks: readonly SignTask[], choice: SignerChoice, onProgress?: (outcomes: readonly SignOutcome[]) => void): Promise<SignOutcome[]> => {
      const outcomes: SignOutcome[] = [];
      for (const { doc, kind } of tasks) {
        let outcome: SignOutcome;
        try {
          if (userId === null) throw new Error('Нет пользователя');
          const bytes = fromBase64(await original(doc.docId).unwrap());
          const signature = await choice.signer.signDetached(choice.certificate, bytes);
          const answer = await sign({
            docId: doc.docId,
            signerKind: kind,
            signerId: userId,
            signature,
            fileName: doc.fileName,
            certificate: choice.certificate.certificateBase64,
          }).unwrap();
          outcome = { docId: doc.docId, fileName: doc.fileName, ok: true, message: answer.message };
        } catch (e) {
          outcome = { docId: doc.docId, fileName: doc.fileName, ok: false, message: messageOf(e) };
        }
        outcomes.push(outcome);
        onProgress?.([...outcomes]);
      }
      return outcomes;
    },
    [original, sign, userId],
  );
};
