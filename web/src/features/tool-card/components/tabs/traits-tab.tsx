import Alert from '@mui/material/Alert';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useFormContext, useWatch } from 'react-hook-form';
import { FieldGrid, useFieldEdit } from '@/components/form';
import type { ToolFormValues } from '../../model/form-values';
import { useToolCard } from '../card-context';

/** 'Характеристики': a value for each characteristic of the kind (GET /api/tool_kind_traits). */
export const TraitsTab = () => {
  const { kindTraits } = useToolCard();
  const { control, formState } = useFormContext<ToolFormValues>();
  const traits = useWatch({ control, name: 'traits' });
  const { editable, change } = useFieldEdit('traits');
  if (!kindTraits) return <Alert severity="info">Выберите вид оборудования</Alert>;
  if (kindTraits.traits.length === 0) return <Alert severity="info">У вида оборудования нет характеристик</Alert>;
  const valueOf = (traitId: number) => traits.find((t) => t.tool_trait_id === traitId)?.trait_value_id ?? null;
  const set = (traitId: number, valueId: number | null) => {
    const rest = traits.filter((t) => t.tool_trait_id !== traitId);
    change(valueId === null ? rest : [...rest, { tool_trait_id: traitId, trait_value_id: valueId }]);
  };
  const error = formState.errors.traits?.message;
  return (
    <FieldGrid>
      {kindTraits.traits.map((t) => (
        <TextField
          key={t.tool_trait_id}
          select
          label={t.title}
          value={String(valueOf(t.tool_trait_id) ?? '')}
          disabled={!editable}
          onChange={(e) => set(t.tool_trait_id, e.target.value === '' ? null : Number(e.target.value))}
          fullWidth
        >
          <MenuItem value="">
            <em>Не выбрано</em>
          </MenuItem>
          {t.values.map((v) => (
            <MenuItem key={v.value_id} value={String(v.value_id)}>
              {v.value_title}
            </MenuItem>
          ))}
        </TextField>
      ))}
      {error && <Alert severity="error">{error}</Alert>}
    </FieldGrid>
  );
};
