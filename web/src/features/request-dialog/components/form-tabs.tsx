import type { RequestDialogTab } from '../model/tabs';
import { CommonTab } from './common-tab/common-tab';
import { DocumentsTab } from './documents-tab/documents-tab';
import { HotlineTab } from './hotline-tab/hotline-tab';
import { MovementTab } from './movement-tab/movement-tab';
import { TabPanel } from './tab-panel';

/** The tabs that edit the form: all mounted, the active one shown. */
export const FormTabs = ({ tabs, active }: { readonly tabs: readonly RequestDialogTab[]; readonly active: RequestDialogTab }) => (
  <>
    <TabPanel tab="request" active={active === 'request'}>
      <CommonTab />
    </TabPanel>
    {tabs.includes('movement') && (
      <TabPanel tab="movement" active={active === 'movement'}>
        <MovementTab />
      </TabPanel>
    )}
    {tabs.includes('documents') && (
      <TabPanel tab="documents" active={active === 'documents'}>
        <DocumentsTab />
      </TabPanel>
    )}
    {tabs.includes('hotline') && (
      <TabPanel tab="hotline" active={active === 'hotline'}>
        <HotlineTab />
      </TabPanel>
    )}
  </>
);
