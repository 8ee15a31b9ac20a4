import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useFormState, useWatch } from 'react-hook-form';
import FormHelperText from '@mui/material/FormHelperText';
import { useIsEditable, useRequestEdit } from '../../model/edit-context';
import type { RequestFormValues } from '../../model/form-values';
import { FormTextField, SectionTitle } from '../fields';
import { RowDeleteButton } from './row-delete-button';

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
  const listError = errors[name]?.message;
  return (
    <Stack spacing={1}>
      <SectionTitle>{title}</SectionTitle>
      <Table size="small" aria-label={title}>
        <TableHead>
          <TableRow>
            <TableCell>{titleLabel}</TableCell>
            {canViewCost && <TableCell sx={{ width: 160 }}>Стоимость, руб.</TableCell>}
            {editable && <TableCell sx={{ width: 48 }} />}
          </TableRow>
        </TableHead>
        <TableBody>
          {lines.map((_line, i) => (
            <TableRow key={i}>
              <TableCell>
                <FormTextField name={`${name}.${i}.title`} label={titleLabel} size="small" maxLength={255} />
              </TableCell>
              {canViewCost && (
                <TableCell>
                  <FormTextField name={`${name}.${i}.cost`} label="Стоимость" size="small" inputMode="decimal" />
                </TableCell>
              )}
              {editable && (
                <TableCell>
                  <RowDeleteButton label="Удалить строку" onClick={() => change(name, lines.filter((_l, j) => j !== i))} />
                </TableCell>
              )}
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {listError && <FormHelperText error>{listError}</FormHelperText>}
      {editable && (
        <Button sx={{ alignSelf: 'flex-start' }} onClick={() => change(name, [...lines, { title: '', cost: '' }])}>
          Добавить строку
        </Button>
      )}
    </Stack>
  );
};
