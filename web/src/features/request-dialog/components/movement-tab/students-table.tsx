import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useWatch } from 'react-hook-form';
import { useIsEditable, useRequestEdit } from '../../model/edit-context';
import type { RequestFormValues } from '../../model/form-values';
import { FormTextField, SectionTitle } from '../fields';
import { RowDeleteButton } from './row-delete-button';

/** The students of a learning request: number, name, post; rows added and deleted. */
export const StudentsTable = () => {
  const { change } = useRequestEdit();
  const editable = useIsEditable('students_list');
  const students = useWatch<RequestFormValues, 'students_list'>({ name: 'students_list' });
  return (
    <Stack spacing={1}>
      <SectionTitle>Слушатели</SectionTitle>
      <Table size="small" aria-label="Слушатели">
        <TableHead>
          <TableRow>
            <TableCell sx={{ width: 48 }}>№</TableCell>
            <TableCell>ФИО</TableCell>
            <TableCell>Должность</TableCell>
            {editable && <TableCell sx={{ width: 48 }} />}
          </TableRow>
        </TableHead>
        <TableBody>
          {students.map((_s, i) => (
            <TableRow key={i}>
              <TableCell>{i + 1}</TableCell>
              <TableCell>
                <FormTextField name={`students_list.${i}.name`} label="ФИО" size="small" emptyValue="" />
              </TableCell>
              <TableCell>
                <FormTextField name={`students_list.${i}.post`} label="Должность" size="small" emptyValue="" />
              </TableCell>
              {editable && (
                <TableCell>
                  <RowDeleteButton label="Удалить слушателя" onClick={() => change('students_list', students.filter((_x, j) => j !== i))} />
                </TableCell>
              )}
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {editable && (
        <Button sx={{ alignSelf: 'flex-start' }} onClick={() => change('students_list', [...students, { name: '', post: '' }])}>
          Добавить слушателя
        </Button>
      )}
    </Stack>
  );
};
