import type { RequestView } from '../api/types';
import type { RequestMoment } from './request-editor';
import type { RequestDialogTab } from '../model/tabs';
import { ChatTab } from './chat-tab/chat-tab';
import { HistoryTab } from './history-tab/history-tab';
import { TabPanel } from './tab-panel';

/** Chat and history load when opened (at a past moment they come with the view) (opening the chat clears the request's notifications). */
export const LazyTabs = ({ view, active, moment }: { readonly view: RequestView; readonly active: RequestDialogTab; readonly moment?: RequestMoment | undefined }) => (
  <>
    {active === 'chat' && (
      <TabPanel tab="chat" active>
        <ChatTab view={view} past={moment?.comments} />
      </TabPanel>
    )}
    {active === 'history' && (
      <TabPanel tab="history" active>
        <HistoryTab requestId={view.id} past={moment?.history} />
      </TabPanel>
    )}
  </>
);
