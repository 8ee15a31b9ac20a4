import Stack from '@mui/material/Stack';
import { useMemo } from 'react';
import { ProgramType } from '@domain/catalog/definitions';
import { ChoiceSelect, IdSelect } from '@/components/registry-list';
import { useProgramOptions } from '../../hooks/use-program-options';
import { softwareFilterTitles } from '../../model/describe-filter';
import type { SoftwareFilterKey } from '../../model/filter';
import { resultChoices } from '../../model/options';
import type { FilterSectionProps } from './place-fields';

/** Which programs each sub-filter offers: special or common software, or any program. */
const programTypeOf: Readonly<Record<SoftwareFilterKey, number | null>> = {
  specialSoftware: ProgramType.SPECIAL,
  commonSoftware: ProgramType.COMMON,
  restore: null,
  consultation: null,
};

/** Program and result of one software-like kind (requests.md 2.3: software, restore, consultation). */
export const SoftwareSubFilter = ({ filter, state, kind }: FilterSectionProps & { readonly kind: SoftwareFilterKey }) => {
  const programs = useProgramOptions();
  const type = programTypeOf[kind];
  const options = useMemo(() => (type === null ? programs : programs.filter((p) => p.type === type)), [programs, type]);
  const s = filter[kind];
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} role="group" aria-label={softwareFilterTitles[kind]}>
      <IdSelect
        label="Программное обеспечение"
        value={s.program_id}
        options={options}
        onChange={(program_id) => state.changeSoftware(kind, { program_id })}
      />
      <ChoiceSelect label="Результат" value={s.result} choices={resultChoices} onChange={(result) => state.changeSoftware(kind, { result })} />
    </Stack>
  );
};
