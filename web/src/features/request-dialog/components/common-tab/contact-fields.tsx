import { skipToken } from '@reduxjs/toolkit/query/react';
import { useMemo } from 'react';
import { useWatch } from 'react-hook-form';
import { ContactKind, contactKindTitles } from '@domain/request/enums';
import { requestFieldTitles } from '@domain/request/history';
import { selectCurrentUser } from '@/lib/session';
import { useAppSelector } from '@/lib/store';
import { useContactCandidatesQuery } from '../../api/request-dialog-api';
import { useRequestEdit } from '../../model/edit-context';
import type { RequestFormValues } from '../../model/form-values';
import { enumOptions, FieldGrid, FormRadioGroup, FormSelect, FormTextField, Wide, type SelectOption } from '../fields';

/**
 * The contact person: a registered user (the stored contact, the user themselves and the users of
 * the object's organisation) or an unregistered name and e-mail.
 */
export const ContactFields = () => {
  const { view } = useRequestEdit();
  const user = useAppSelector(selectCurrentUser);
  const [kind, unitId] = useWatch<RequestFormValues, ['contact_kind', 'unit_id']>({ name: ['contact_kind', 'unit_id'] });
  const { data: candidates } = useContactCandidatesQuery(typeof unitId === 'number' ? unitId : skipToken);

  const options = useMemo(() => {
    const out: SelectOption[] = [];
    const add = (id: number | null | undefined, fio: string | null | undefined) => {
      if (id != null && !out.some((o) => o.value === id)) out.push({ value: id, label: fio ?? String(id) });
    };
    add(view?.contact_id, view?.contact_fio);
    add(user?.id, user?.fio);
    for (const c of candidates ?? []) add(c.id, c.fio);
    return out;
  }, [view, user, candidates]);

  return (
    <FieldGrid>
      <Wide>
        <FormRadioGroup name="contact_kind" label={requestFieldTitles.contact_kind} options={enumOptions(contactKindTitles)} />
      </Wide>
      {kind === ContactKind.STRANGER ? (
        <>
          <FormTextField name="contact_unknown_name" label={requestFieldTitles.contact_unknown_name} />
          <FormTextField name="contact_unknown_email" label={requestFieldTitles.contact_unknown_email} />
        </>
      ) : (
        <FormSelect name="contact_id" label={requestFieldTitles.contact_id} options={options} />
      )}
    </FieldGrid>
  );
};
