import Stack from '@mui/material/Stack';
import { hotlineResultTitles, performTypeTitles } from '@domain/request/enums';
import { hasFull } from '@domain/rights';
import { selectRights } from '@/lib/session';
import { useAppSelector } from '@/lib/store';
import { AssignButton } from '../assign-button';
import { CommandButton } from '../command-button';
import { enumOptions, FieldGrid, FormDateField, FormSelect, FormTextField, SectionTitle, Wide } from '../fields';
import { ElapsedField } from '../movement-tab/result-block';
import { DeclarantMessageButton } from './declarant-message-button';

/** Assign, fulfil, re-execute, cancel execution: RIGHT_REQUEST_DELETE, each while the server accepts it. */
const HotlineManagement = () => (
  <Stack spacing={1}>
    <SectionTitle>Управление заявкой ГЛ</SectionTitle>
    <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
      <AssignButton hotline />
      <CommandButton command="hotline-fulfil" label="Исполнено ГЛ" variant="contained" />
      <CommandButton command="hotline-reexecute" label="На повторное исполнение" />
      <CommandButton command="hotline-cancel-execution" label="Отменить исполнение" />
    </Stack>
  </Stack>
);

/** The 'Техподдержка ГЛ' tab (requests.md 2.4) of SENIOR requests. */
export const HotlineTab = () => {
  const rights = useAppSelector(selectRights);
  return (
    <Stack spacing={2}>
      <Stack direction="row">
        <CommandButton command="hotline-take" label="Принять к исполнению" variant="contained" />
      </Stack>
      <FieldGrid>
        <Wide>
          <FormTextField name="instructed_person" label="Сообщение заявителю" multiline minRows={2} />
        </Wide>
        <Wide>
          <DeclarantMessageButton />
        </Wide>
        <FormSelect name="hotline_result_id" label="Результат" options={enumOptions(hotlineResultTitles)} />
        <FormSelect name="hotline_result_type" label="Тип исполнения" options={enumOptions(performTypeTitles)} />
        <FormDateField name="hotline_result_date" label="Дата исполнения" />
        <ElapsedField label="Продолжительность" dateField="hotline_result_date" />
        <Wide>
          <FormTextField name="hotline_work_description" label="Описание работ" multiline minRows={2} />
        </Wide>
      </FieldGrid>
      {hasFull(rights, 'RIGHT_REQUEST_DELETE') && <HotlineManagement />}
    </Stack>
  );
};
