import Stack from '@mui/material/Stack';
import { useMemo, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { ActKind, requestResultTitles, RequestResult } from '@domain/request/enums';
import { requestFieldTitles } from '@domain/request/history';
import { EditableRowsTable } from '@/components/form';
import { useIsEditable, useRequestEdit } from '../../model/edit-context';
import type { RequestFormValues } from '../../model/form-values';
import { enumOptions, FieldGrid, FormDateField, FormSelect, FormTextField, Wide } from '../fields';
import { CommissioningChoiceDialog } from '../pickers/commissioning-choice-dialog';
import { ActBlock } from './act-block';
import { ElapsedField } from './result-block';

const YEARS = 20;

/** The equipment put into operation, each with its place of installation and instructed person. */
const CommissioningTools = () => {
  const { change } = useRequestEdit();
  const editable = useIsEditable('tools_commissioning');
  const [lines, unitId] = useWatch<RequestFormValues, ['tools_commissioning', 'unit_id']>({ name: ['tools_commissioning', 'unit_id'] });
  const [choosing, setChoosing] = useState(false);
  return (
    <EditableRowsTable
      title="Оборудование"
      ariaLabel="Оборудование для ввода в эксплуатацию"
      rows={lines}
      rowKey={(line) => line.tool_id}
      columns={[
        { header: 'Оборудование', cell: (line) => line.title },
        {
          header: 'Место установки',
          cell: (_line, i) => <FormTextField name={`tools_commissioning.${i}.settling_place`} label="Место установки" size="small" emptyValue="" />,
        },
        {
          header: 'Инструктируемое лицо',
          cell: (_line, i) => (
            <FormTextField name={`tools_commissioning.${i}.instructed_person`} label="Инструктируемое лицо" size="small" emptyValue="" />
          ),
        },
      ]}
      editable={editable}
      deleteLabel="Удалить оборудование"
      onDelete={(i) => change('tools_commissioning', lines.filter((_l, j) => j !== i))}
      addLabel="Выбрать оборудование"
      onAdd={() => setChoosing(true)}
    >
      {choosing && (
        <CommissioningChoiceDialog
          unitId={unitId}
          chosenIds={lines.map((l) => l.tool_id)}
          onClose={() => setChoosing(false)}
          onChoose={(tools) => {
            setChoosing(false);
            change('tools_commissioning', [
              ...lines,
              ...tools.map((t) => ({ tool_id: t.id, title: t.title, settling_place: '', instructed_person: '' })),
            ]);
          }}
        />
      )}
    </EditableRowsTable>
  );
};

/** Commissioning (requests.md 2.4): equipment, result, year of manufacture, execution date and time, works, СО-1.3. */
export const CommissioningBlock = () => {
  const { view } = useRequestEdit();
  const registeredYear = Number((view?.request_date_add ?? '').slice(0, 4)) || 0;
  const years = useMemo(
    () => Array.from({ length: registeredYear ? YEARS : 0 }, (_, i) => ({ value: registeredYear - i, label: String(registeredYear - i) })),
    [registeredYear],
  );
  const results = enumOptions(requestResultTitles, false).filter(
    (o) => o.value !== RequestResult.PASSED_TO_HOT_LINE && o.value !== RequestResult.FULFILLED_BY_HOT_LINE,
  );
  return (
    <Stack spacing={2}>
      <CommissioningTools />
      <FieldGrid>
        <FormSelect name="result" label={requestFieldTitles.result} options={results} />
        <FormSelect name="commissioning_year" label={requestFieldTitles.commissioning_year} options={years} />
        <FormDateField name="result_d" label={requestFieldTitles.result_d} />
        <ElapsedField label="Время исполнения" dateField="result_d" />
        <Wide>
          <FormTextField name="fulfielled_works" label="Выполненные работы" multiline minRows={2} />
        </Wide>
        <ActBlock kind={ActKind.CO_13} />
      </FieldGrid>
    </Stack>
  );
};
