import { useState } from 'react';
import type { RequestDialogTab } from '../model/tabs';
import { CommonTab } from './common-tab/common-tab';
import { DocumentsTab } from './documents-tab/documents-tab';
import { HotlineTab } from './hotline-tab/hotline-tab';
import { MovementTab } from './movement-tab/movement-tab';
import { TabPanel } from './tab-panel';

const panels: ReadonlyArray<readonly [RequestDialogTab, () => React.JSX.Element]> = [
  ['request', CommonTab],
  ['movement', MovementTab],
  ['documents', DocumentsTab],
  ['hotline', HotlineTab],
];

/**
 * The tabs that edit the form, the active one shown. A tab mounts when first opened (the dialog
 * opens with one tab's fields, not four) and stays mounted while hidden, so what the user typed
 * there stays as it is; the form's values and errors live in the form, not in the fields.
 */
export const FormTabs = ({ tabs, active }: { readonly tabs: readonly RequestDialogTab[]; readonly active: RequestDialogTab }) => {
  const [opened, setOpened] = useState<ReadonlySet<RequestDialogTab>>(() => new Set([active]));
  if (!opened.has(active)) setOpened(new Set([...opened, active]));
  return (
    <>
      {panels.map(
        ([tab, Panel]) =>
          (tab === 'request' || tabs.includes(tab)) &&
          opened.has(tab) && (
            <TabPanel key={tab} tab={tab} active={active === tab}>
              <Panel />
            </TabPanel>
          ),
      )}
    </>
  );
};
