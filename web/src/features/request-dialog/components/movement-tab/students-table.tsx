import { useWatch } from 'react-hook-form';
import { EditableRowsTable } from '@/components/form';
import { useIsEditable, useRequestEdit } from '../../model/edit-context';
import type { RequestFormValues } from '../../model/form-values';
import { FormTextField } from '../fields';

/** The students of a learning request: number, name, post; rows added and deleted. */
export const StudentsTable = () => {
  const { change } = useRequestEdit();
  const editable = useIsEditable('students_list');
  const students = useWatch<RequestFormValues, 'students_list'>({ name: 'students_list' });
  return (
    <EditableRowsTable
      title="Слушатели"
      rows={students}
      rowKey={(_s, i) => i}
      columns={[
        { header: '№', width: 48, cell: (_s, i) => i + 1 },
        { header: 'ФИО', cell: (_s, i) => <FormTextField name={`students_list.${i}.name`} label="ФИО" size="small" emptyValue="" /> },
        { header: 'Должность', cell: (_s, i) => <FormTextField name={`students_list.${i}.post`} label="Должность" size="small" emptyValue="" /> },
      ]}
      editable={editable}
      deleteLabel="Удалить слушателя"
      onDelete={(i) => change('students_list', students.filter((_x, j) => j !== i))}
      addLabel="Добавить слушателя"
      onAdd={() => change('students_list', [...students, { name: '', post: '' }])}
    />
  );
};
