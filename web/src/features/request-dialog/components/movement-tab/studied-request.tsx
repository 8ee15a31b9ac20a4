import { useWatch } from 'react-hook-form';
import { RequestKind, supportSystemTitles } from '@domain/request/enums';
import { requestFieldTitles } from '@domain/request/history';
import { catalogOptions, useCatalog } from '../../hooks/use-references';
import type { RequestFormValues } from '../../model/form-values';
import { enumOptions, FormSelect, FormTextField, Wide } from '../fields';
import { ProgramField, RequestKindField } from '../common-tab/kind-fields';

const withSoftware: readonly number[] = [RequestKind.COMMON_SOFTWARE, RequestKind.SPECIAL_SOFTWARE, RequestKind.RESTORE];

/** The studied request: its expanded description, type, software, subsystem, system of court technical means. */
export const StudiedRequest = () => {
  const kind = useWatch<RequestFormValues, 'request_kind_id'>({ name: 'request_kind_id' });
  const subsystems = useCatalog('programs_subsystems');
  return (
    <>
      <Wide>
        <FormTextField name="request_text_expl" label={requestFieldTitles.request_text_expl} multiline minRows={2} />
      </Wide>
      <RequestKindField />
      {kind !== null && withSoftware.includes(kind) ? <ProgramField anyKind={kind === RequestKind.RESTORE} /> : <span />}
      {kind === RequestKind.SPECIAL_SOFTWARE && (
        <FormSelect name="subsystem_id" label={requestFieldTitles.subsystem_id} options={catalogOptions('programs_subsystems', subsystems)} />
      )}
      <FormSelect name="system_ts_id" label={requestFieldTitles.system_ts_id} options={enumOptions(supportSystemTitles)} />
    </>
  );
};
