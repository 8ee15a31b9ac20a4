/**
 * The equipment list /tools and the age counts /tools-list (equipment.md 2). The pages in
 * app/pages compose them with the card dialog of features/tool-card.
 */
export { ToolListScreen, TOOL_LIST_DEBOUNCE_MS, type ToolListScreenProps } from './components/tool-list-screen';
export { ToolsAgeScreen } from './components/age/tools-age-screen';
export { useToolRights, type ToolRights } from './hooks/use-tool-rights';
export { useToolDialog, type ToolDialog } from './hooks/use-tool-dialog';
