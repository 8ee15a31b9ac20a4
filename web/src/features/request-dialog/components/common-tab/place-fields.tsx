import { useMemo } from 'react';
import { useWatch } from 'react-hook-form';
import { requestFieldTitles } from '@domain/request/history';
import { catalogOptions, useCatalog, useUnitsInScope } from '../../hooks/use-references';
import { useRequestEdit } from '../../model/edit-context';
import type { RequestFormValues } from '../../model/form-values';
import { FormSelect, type SelectOption } from '../fields';

/** Region and object (court building) within the user's scope; a new region clears the object (4.3). */
export const PlaceFields = () => {
  const { view } = useRequestEdit();
  const regionId = useWatch<RequestFormValues, 'region_id'>({ name: 'region_id' });
  const units = useUnitsInScope(view === null);
  const regions = useCatalog('regions');

  const regionOptions = useMemo(() => {
    const inScope = new Set(units.map((u) => u.region_id));
    const options = catalogOptions('regions', regions).filter((o) => inScope.has(Number(o.value)));
    if (view?.region_id != null && !options.some((o) => o.value === view.region_id))
      options.push({ value: view.region_id, label: view.region_title ?? String(view.region_id) });
    return options;
  }, [units, regions, view]);

  const unitOptions = useMemo(() => {
    const options: SelectOption[] = units.filter((u) => u.region_id === regionId).map((u) => ({ value: u.id, label: u.name }));
    if (view?.unit_id != null && view.region_id === regionId && !options.some((o) => o.value === view.unit_id))
      options.push({ value: view.unit_id, label: view.unit_name ?? String(view.unit_id) });
    return options;
  }, [units, regionId, view]);

  return (
    <>
      <FormSelect name="region_id" label={requestFieldTitles.region_id} options={regionOptions} />
      <FormSelect name="unit_id" label={requestFieldTitles.unit_id} options={unitOptions} />
    </>
  );
};
