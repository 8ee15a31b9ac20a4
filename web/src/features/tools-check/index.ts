export { ToolsCheckScreen } from './components/tools-check-screen';
