export { ToolModelsScreen } from './components/tool-models-screen';
export { traitsFillOf, manufacturersForKind } from './model/model-rows';
