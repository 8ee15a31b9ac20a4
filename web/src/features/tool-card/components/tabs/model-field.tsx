import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useController, useFormContext, useWatch } from 'react-hook-form';
import { useFieldEdit } from '@/components/form';
import type { ToolFormValues } from '../../model/form-values';
import { useModelOptions } from '../../model/references';

/**
 * 'Наименование': a catalogue model of the chosen kind and manufacturer (sorted by name) or a free
 * text; choosing a model fills its name and id, typing keeps the text without a model.
 */
export const ModelField = () => {
  const { control } = useFormContext<ToolFormValues>();
  const { field, fieldState } = useController({ control, name: 'model' });
  const [kindId, manufacturerId] = useWatch({ control, name: ['tool_kind_id', 'manufacturer_id'] });
  const models = useModelOptions(kindId, manufacturerId);
  const { editable, change } = useFieldEdit('model');
  const modelId = useFieldEdit('model_id');
  const set = (text: string) => {
    const match = models.find((m) => m.model === text);
    change(text);
    modelId.change(match ? match.id : null);
  };
  return (
    <Autocomplete
      freeSolo
      disabled={!editable}
      options={models.map((m) => m.model)}
      inputValue={field.value}
      onInputChange={(_e, text, reason) => {
        if (reason !== 'reset' || text !== '') set(text);
      }}
      renderInput={(params) => (
        <TextField {...params} name="model" label="Наименование" error={Boolean(fieldState.error)} helperText={fieldState.error?.message} onBlur={field.onBlur} />
      )}
    />
  );
};
