import { useMemo } from 'react';
import { selectCurrentUser } from '@/lib/session';
import { useAppSelector } from '@/lib/store';
import type { RequestView } from '../api/types';
import { useUnitsInScope } from '../hooks/use-references';
import { newFormValues } from '../model/form-values';
import { RequestEditor } from './request-editor';

export interface NewRequestProps {
  readonly onClose: () => void;
  readonly onSaved: (view: RequestView, leaving: boolean) => void;
  readonly onCreated: (id: number) => void;
  readonly onNewRequest: () => void;
}

/**
 * A new request (4.1): FILIAL, the user as the registered contact, and the user's region and
 * object when the choice is obvious.
 */
export const NewRequest = ({ onClose, onSaved, onCreated, onNewRequest }: NewRequestProps) => {
  const user = useAppSelector(selectCurrentUser);
  const units = useUnitsInScope(true);
  const values = useMemo(() => {
    const regionId = units.some((u) => u.region_id === user?.region_id) ? (user?.region_id ?? null) : (units[0]?.region_id ?? null);
    const inRegion = units.filter((u) => u.region_id === regionId);
    const unitId = inRegion.length === 1 ? (inRegion[0]?.id ?? null) : null;
    // Choosing the object clears the contact (4.3): the user is preset only with a preset object.
    return newFormValues({ region_id: regionId, unit_id: unitId, contact_id: unitId !== null ? (user?.id ?? null) : null });
  }, [units, user]);
  return (
    <RequestEditor
      view={null}
      newValues={values}
      initialTab="request"
      onClose={onClose}
      onSaved={onSaved}
      onCreated={onCreated}
      onNewRequest={onNewRequest}
    />
  );
};
