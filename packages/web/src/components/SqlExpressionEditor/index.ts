export { SqlExpressionEditor } from './SqlExpressionEditor';
export type { SqlExpressionEditorProps } from './SqlExpressionEditor';
