import Autocomplete from '@mui/material/Autocomplete';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { EditDialog } from '@/components';
import { useOrganizationsQuery, type Organization } from '@/lib/references';
import { useMoveUnitMutation, type UnitRow } from '../api/organizations-api';

export interface MoveUnitDialogProps {
  readonly unit: Pick<UnitRow, 'id' | 'name'>;
  readonly fromOrganizationId: number;
  readonly onMoved: () => void;
  readonly onClose: () => void;
}

/** Moves a saved building to another organisation at once (POST /api/update_unit_attr, administration.md 2.8). */
export const MoveUnitDialog = ({ unit, fromOrganizationId, onMoved, onClose }: MoveUnitDialogProps) => {
  const { data: organizations } = useOrganizationsQuery();
  const [target, setTarget] = useState<Organization | null>(null);
  const [move, { isLoading }] = useMoveUnitMutation();
  const options = (organizations ?? []).filter((o) => o.id !== fromOrganizationId);

  const submit = async () => {
    if (!target) return;
    try {
      await move({ unitId: unit.id, organizationId: target.id }).unwrap();
      onMoved();
    } catch {
      // The red notice is the base query's; the dialog stays.
    }
  };

  return (
    <EditDialog title="Перенос здания" busy={isLoading} saveText="Перенести" saveDisabled={!target} onSave={() => void submit()} onClose={onClose}>
      <Stack spacing={2} sx={{ pt: 1 }}>
        <Typography>Здание «{unit.name}» будет перенесено в выбранную организацию.</Typography>
        <Autocomplete
          options={options}
          value={target}
          onChange={(_e, v) => setTarget(v)}
          getOptionLabel={(o) => o.name}
          isOptionEqualToValue={(a, b) => a.id === b.id}
          renderInput={(params) => <TextField {...params} label="Организация" required />}
        />
      </Stack>
    </EditDialog>
  );
};
