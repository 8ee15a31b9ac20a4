import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { useState } from 'react';
import { useController, useFormContext, useWatch } from 'react-hook-form';
import { useFieldEdit } from '@/components/form';
import { useToolsSetsSearchQuery } from '../../api/tool-card-api';
import type { ToolsSetSearchItem } from '../../api/types';
import type { ToolFormValues } from '../../model/form-values';

const labelOf = (s: ToolsSetSearchItem) => [s.type_name, `инв. № ${s.inventar_number}`, s.buh_name].filter(Boolean).join(' · ');

/**
 * 'Комплект': the set the tool belongs to, found among the object's sets by their inventory number
 * or name (GET /api/tools_sets_search). Inside the set dialog it is the set itself and read-only.
 */
export const SetField = ({ member, currentTitle }: { readonly member: boolean; readonly currentTitle: string | null }) => {
  const { control } = useFormContext<ToolFormValues>();
  const { field } = useController({ control, name: 'tools_set_id' });
  const unitId = useWatch({ control, name: 'unit_id' });
  const { editable, change } = useFieldEdit('tools_set_id');
  const [text, setText] = useState('');
  const { data } = useToolsSetsSearchQuery(unitId !== null && editable && !member ? { unitId, text } : skipToken);
  const options = data ?? [];
  if (member) return <TextField label="Комплект" value="В составе комплекта" fullWidth slotProps={{ htmlInput: { readOnly: true } }} />;
  const current = options.find((o) => o.id === field.value) ?? (field.value === null ? null : { id: field.value, inventar_number: '', buh_name: currentTitle ?? `Комплект ${field.value}`, type_name: null });
  return (
    <Autocomplete
      disabled={!editable}
      options={options}
      value={current}
      getOptionLabel={labelOf}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      filterOptions={(o) => o}
      onInputChange={(_e, t, reason) => {
        if (reason === 'input') setText(t);
      }}
      onChange={(_e, picked) => change(picked ? picked.id : null)}
      noOptionsText={unitId === null ? 'Выберите объект' : 'Комплекты не найдены'}
      renderInput={(params) => <TextField {...params} name="tools_set_id" label="Комплект" />}
    />
  );
};
