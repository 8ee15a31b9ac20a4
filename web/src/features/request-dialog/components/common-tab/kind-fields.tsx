import { useMemo } from 'react';
import { useWatch } from 'react-hook-form';
import { programTypeOfRequestKind } from '@domain/catalog/definitions';
import { learningTypeTitles, RequestKind, requestKindTitles } from '@domain/request/enums';
import { requestFieldTitles } from '@domain/request/history';
import { catalogOptions, useCatalog } from '../../hooks/use-references';
import type { RequestFormValues } from '../../model/form-values';
import { enumOptions, FormSelect } from '../fields';

/** Kinds a user picks; 'Отзыв' comes only from the recall button. */
const kindOptions = enumOptions(requestKindTitles).filter((o) => o.value !== RequestKind.REVOKE);

/** Program type of each software kind (catalogue reading: 1 СПО, 2 ОПО), as the server judges it. */
const programTypeOfKind = programTypeOfRequestKind;

export const RequestKindField = () => <FormSelect name="request_kind_id" label={requestFieldTitles.request_kind_id} options={kindOptions} />;

/** The software of a software request (programs of the kind's type); `anyKind` offers every program. */
export const ProgramField = ({ anyKind = false }: { readonly anyKind?: boolean }) => {
  const kind = useWatch<RequestFormValues, 'request_kind_id'>({ name: 'request_kind_id' });
  const programs = useCatalog('programs');
  const type = kind === null ? undefined : programTypeOfKind[kind];
  const options = useMemo(
    () => catalogOptions('programs', anyKind || type === undefined ? programs : programs.filter((p) => Number(p.type) === type)),
    [programs, type, anyKind],
  );
  return <FormSelect name="program_id" label={requestFieldTitles.program_id} options={options} />;
};

export const LearningTypeField = () => (
  <FormSelect name="learning_type_id" label={requestFieldTitles.learning_type_id} options={enumOptions(learningTypeTitles)} />
);

/** Type, and by type the software or the learning type (common tab). */
export const KindFields = () => {
  const kind = useWatch<RequestFormValues, 'request_kind_id'>({ name: 'request_kind_id' });
  return (
    <>
      <RequestKindField />
      {kind !== null && programTypeOfKind[kind] !== undefined && <ProgramField />}
      {kind === RequestKind.LEARNING && <LearningTypeField />}
    </>
  );
};
