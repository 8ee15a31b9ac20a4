import { useFormState, useWatch } from 'react-hook-form';
import { EditableRowsTable } from '@/components/form';
import { useIsEditable, useRequestEdit } from '../../model/edit-context';
import type { RequestFormValues } from '../../model/form-values';
import { FormTextField } from '../fields';

export interface CostLinesTableProps {
  readonly name: 'works' | 'spares_pbs';
  readonly title: string;
  /** The header of the title column. */
  readonly titleLabel: string;
}

/** Works or spares PBS: a title (up to 255 characters) and, with RIGHT_VIEW_COST, a cost. */
export const CostLinesTable = ({ name, title, titleLabel }: CostLinesTableProps) => {
  const { change, canViewCost } = useRequestEdit();
  const editable = useIsEditable(name);
  const lines = useWatch<RequestFormValues, typeof name>({ name });
  const { errors } = useFormState<RequestFormValues>({ name });
  return (
    <EditableRowsTable
      title={title}
      rows={lines}
      rowKey={(_line, i) => i}
      columns={[
        { header: titleLabel, cell: (_line, i) => <FormTextField name={`${name}.${i}.title`} label={titleLabel} size="small" maxLength={255} /> },
        canViewCost && {
          header: 'Стоимость, руб.',
          width: 160,
          cell: (_line, i) => <FormTextField name={`${name}.${i}.cost`} label="Стоимость" size="small" inputMode="decimal" />,
        },
      ]}
      editable={editable}
      deleteLabel="Удалить строку"
      onDelete={(i) => change(name, lines.filter((_l, j) => j !== i))}
      error={errors[name]?.message}
      addLabel="Добавить строку"
      onAdd={() => change(name, [...lines, { title: '', cost: '' }])}
    />
  );
};
