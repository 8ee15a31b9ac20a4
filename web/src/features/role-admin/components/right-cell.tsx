import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TableCell from '@mui/material/TableCell';
import { memo } from 'react';
import { rightValueTitles, type RightDefinition, type RightValue } from '@domain/rights';

export interface RightCellProps {
  readonly right: RightDefinition;
  readonly roleId: number;
  readonly roleTitle: string;
  /** The role's value of the right; 0 = Нет. */
  readonly value: number;
  readonly disabled: boolean;
  readonly onChange: (roleId: number, key: string, value: number) => void;
}

const small = { fontSize: 13 } as const;

/**
 * One role's value of one right: a checkbox when the right has one possible value, otherwise the
 * radio group Нет plus the values the right allows (administration.md 2.7). Memoised: a change of
 * one role re-renders its column only, the grid holds ~70 × 20 of these.
 */
export const RightCell = memo(({ right, roleId, roleTitle, value, disabled, onChange }: RightCellProps) => {
  const label = `${right.title}: ${roleTitle}`;
  const only = right.values.length === 1 ? right.values[0] : undefined;
  return (
    <TableCell sx={{ py: 0, verticalAlign: 'middle' }}>
      {only !== undefined ? (
        <Checkbox
          size="small"
          disableRipple
          checked={value === only}
          disabled={disabled}
          onChange={(e) => onChange(roleId, right.key, e.target.checked ? only : 0)}
          slotProps={{ input: { 'aria-label': label } }}
        />
      ) : (
        <RadioGroup aria-label={label} value={String(value)} onChange={(e) => onChange(roleId, right.key, Number(e.target.value))}>
          {[0, ...right.values].map((v) => (
            <FormControlLabel
              key={v}
              value={String(v)}
              disabled={disabled}
              control={<Radio size="small" disableRipple sx={{ p: 0.25 }} />}
              label={rightValueTitles[v as RightValue | 0]}
              slotProps={{ typography: { sx: small } }}
              sx={{ m: 0, whiteSpace: 'nowrap' }}
            />
          ))}
        </RadioGroup>
      )}
    </TableCell>
  );
});
RightCell.displayName = 'RightCell';
