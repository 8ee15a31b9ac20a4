import { useMemo, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { EditableRowsTable } from '@/components/form';
import { useIsEditable, useRequestEdit } from '../../model/edit-context';
import type { RequestFormValues } from '../../model/form-values';
import { formatMoney } from '../../model/money';
import { FormTextField } from '../fields';
import { SpareSearchDialog, spareKey } from '../pickers/spare-search-dialog';

/** Spares from the branch's ZIP stock: the whole allocation of the request is saved with it. */
export const SparesTable = () => {
  const { view, change, canViewCost } = useRequestEdit();
  const editable = useIsEditable('spares');
  const [lines, regionId] = useWatch<RequestFormValues, ['spares', 'region_id']>({ name: ['spares', 'region_id'] });
  const [picking, setPicking] = useState(false);
  const taken = useMemo(() => new Set(lines.map(spareKey)), [lines]);
  return (
    <EditableRowsTable
      title="ЗИП"
      rows={lines}
      rowKey={spareKey}
      columns={[
        { header: 'Комплект ЗИП', cell: (line) => line.set_title ?? '' },
        { header: 'Код', cell: (line) => line.code ?? '' },
        { header: 'Наименование', cell: (line) => line.title },
        canViewCost && { header: 'Стоимость', align: 'right', cell: (line) => (line.cost === null ? '' : formatMoney(line.cost)) },
        {
          header: 'Количество',
          width: 130,
          cell: (_line, i) => <FormTextField name={`spares.${i}.amount`} label="Количество" size="small" inputMode="numeric" emptyValue="" />,
        },
      ]}
      editable={editable}
      deleteLabel="Удалить ЗИП"
      onDelete={(i) => change('spares', lines.filter((_l, j) => j !== i))}
      // Stock is searched for a registered request only.
      addLabel={view ? 'Добавить ЗИП' : undefined}
      onAdd={() => setPicking(true)}
    >
      {picking && view && (
        <SpareSearchDialog
          requestId={view.id}
          regionId={regionId}
          taken={taken}
          showCost={canViewCost}
          onClose={() => setPicking(false)}
          onPick={(o) => {
            setPicking(false);
            change('spares', [
              ...lines,
              { spares_set_id: o.spares_set_id, item_id: o.item_id, set_title: o.set_title, code: o.code, title: o.title, cost: o.cost ?? null, amount: '1', remaining: o.remaining },
            ]);
          }}
        />
      )}
    </EditableRowsTable>
  );
};
