import Stack from '@mui/material/Stack';
import { performerKindTitles } from '@domain/request/enums';
import { requestFieldTitles } from '@domain/request/history';
import { useRequestEdit } from '../../model/edit-context';
import { enumOptions, FieldGrid, FormDateField, FormRadioGroup, FormTextField, Wide } from '../fields';
import { AttachmentsField } from './attachments-field';
import { ContactFields } from './contact-fields';
import { DescriptionField } from './description-field';
import { EquipmentField } from './equipment-field';
import { KindFields } from './kind-fields';
import { NumberFields } from './number-fields';
import { PlaceFields } from './place-fields';

const performerOptions = enumOptions(performerKindTitles, false);

/** The 'Заявка' tab (requests.md 2.4). */
export const CommonTab = () => {
  const { view } = useRequestEdit();
  return (
    <Stack spacing={2}>
      <FieldGrid>
        <NumberFields />
        <Wide>
          {/* Chosen at registration; a saved request shows it read-only (a hot line hand-over changes it by its own rules). */}
          <FormRadioGroup
            name="request_performer_kind"
            label={requestFieldTitles.request_performer_kind}
            options={performerOptions}
            disabled={view !== null}
          />
        </Wide>
        <PlaceFields />
        <Wide>
          <ContactFields />
        </Wide>
        <FormTextField name="number_out" label={requestFieldTitles.number_out} />
        <FormDateField name="date_out_d" label={requestFieldTitles.date_out_d} />
        <KindFields />
        <Wide>
          <EquipmentField />
        </Wide>
        <Wide>
          <DescriptionField />
        </Wide>
      </FieldGrid>
      <AttachmentsField />
    </Stack>
  );
};
