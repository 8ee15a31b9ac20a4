import { useWatch } from 'react-hook-form';
import { performTypeTitles, RequestKind, RequestResult, requestResultTitles } from '@domain/request/enums';
import { requestFieldTitles } from '@domain/request/history';
import { daysBetween, parseRuDate } from '@domain/shared/dates';
import { useRequestEdit } from '../../model/edit-context';
import type { RequestFormValues } from '../../model/form-values';
import { enumOptions, FormDateField, FormSelect, FormTextField, ReadOnlyField, Wide, type SelectOption } from '../fields';

/** Results a user may choose: 'передано на ГЛ' only for special software; 'выполнено ГЛ' comes from the hot line. */
const resultOptions = (kind: number | null): SelectOption[] =>
  enumOptions(requestResultTitles, false).filter(
    (o) => o.value !== RequestResult.FULFILLED_BY_HOT_LINE && (o.value !== RequestResult.PASSED_TO_HOT_LINE || kind === RequestKind.SPECIAL_SOFTWARE),
  );

/** Days from the registration to a date 'DD.MM.YYYY' (the derived execution time). */
export const elapsedText = (registered: string | null | undefined, dateText: string): string => {
  const iso = parseRuDate(dateText);
  if (!registered || !iso) return '';
  const days = Math.max(0, daysBetween(registered, iso));
  return `${days} дн.`;
};

export const ElapsedField = ({ label, dateField }: { readonly label: string; readonly dateField: 'result_d' | 'hotline_result_date' }) => {
  const { view } = useRequestEdit();
  const date = useWatch<RequestFormValues, typeof dateField>({ name: dateField });
  return <ReadOnlyField label={label} value={elapsedText(view?.request_date_add, date)} />;
};

/** Result, its type, date, the derived time and the works done ('Выполненные работы'). */
export const ResultBlock = ({ dateLabel = requestFieldTitles.result_d, withNote = true }: { readonly dateLabel?: string; readonly withNote?: boolean }) => {
  const kind = useWatch<RequestFormValues, 'request_kind_id'>({ name: 'request_kind_id' });
  return (
    <>
      <FormSelect name="result" label={requestFieldTitles.result} options={resultOptions(kind)} />
      <FormSelect name="result_type" label={requestFieldTitles.result_type} options={enumOptions(performTypeTitles)} />
      <FormDateField name="result_d" label={dateLabel} />
      <ElapsedField label="Время исполнения" dateField="result_d" />
      {withNote && (
        <Wide>
          <FormTextField name="note" label={requestFieldTitles.note} multiline minRows={2} />
        </Wide>
      )}
    </>
  );
};
