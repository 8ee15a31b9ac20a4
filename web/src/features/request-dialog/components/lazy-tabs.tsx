import type { RequestView } from '../api/types';
import type { RequestDialogTab } from '../model/tabs';
import { ChatTab } from './chat-tab/chat-tab';
import { HistoryTab } from './history-tab/history-tab';
import { TabPanel } from './tab-panel';

/** Chat and history load when opened (opening the chat clears the request's notifications). */
export const LazyTabs = ({ view, active }: { readonly view: RequestView; readonly active: RequestDialogTab }) => (
  <>
    {active === 'chat' && (
      <TabPanel tab="chat" active>
        <ChatTab view={view} />
      </TabPanel>
    )}
    {active === 'history' && (
      <TabPanel tab="history" active>
        <HistoryTab requestId={view.id} />
      </TabPanel>
    )}
  </>
);
