import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import { useWatch } from 'react-hook-form';
import { ActKind, RequestKind } from '@domain/request/enums';
import { requestKindsWithAct } from '@domain/request/lifecycle';
import type { RequestFormValues } from '../../model/form-values';
import { CommandButton } from '../command-button';
import { FieldGrid, SectionTitle, Wide } from '../fields';
import { LearningTypeField } from '../common-tab/kind-fields';
import { ActBlock } from './act-block';
import { ApprovalSection } from './approval-section';
import { CommissioningBlock } from './commissioning-block';
import { RepairBlock } from './repair-block';
import { ResultBlock } from './result-block';
import { StudentsTable } from './students-table';
import { StudiedRequest } from './studied-request';

/** The kinds that carry an СО-3 act (the software kinds), from the one kind → act table. */
const softwareKinds: readonly number[] = requestKindsWithAct(ActKind.CO_3);

/** The block of the request's type. */
const KindBlock = ({ kind }: { readonly kind: number | null }) => {
  if (kind === RequestKind.COMMISSIONING) return <CommissioningBlock />;
  if (kind === RequestKind.REPAIR_HARD) return <RepairBlock />;
  if (kind === RequestKind.LEARNING)
    return (
      <Stack spacing={2}>
        <FieldGrid>
          <LearningTypeField />
          <span />
          <ResultBlock />
          <ActBlock kind={ActKind.LEARNING} />
        </FieldGrid>
        <StudentsTable />
      </Stack>
    );
  return (
    <FieldGrid>
      <ResultBlock />
      {kind !== null && softwareKinds.includes(kind) && <ActBlock kind={ActKind.CO_3} />}
    </FieldGrid>
  );
};

/** The 'Движение' tab (requests.md 2.4): take, the studied request, the type's block, approval. */
export const MovementTab = () => {
  const kind = useWatch<RequestFormValues, 'request_kind_id'>({ name: 'request_kind_id' });
  return (
    <Stack spacing={2}>
      <Stack direction="row">
        <CommandButton command="take" label="Принять к исполнению" variant="contained" />
      </Stack>
      <FieldGrid>
        <Wide>
          <SectionTitle>Изученная заявка</SectionTitle>
        </Wide>
        <StudiedRequest />
      </FieldGrid>
      <Divider />
      <KindBlock kind={kind} />
      <Divider />
      <ApprovalSection />
    </Stack>
  );
};
