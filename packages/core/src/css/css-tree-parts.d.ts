// css-tree's parser, walker and generator entry points (smaller than the whole package, whose
// lexer data the sanitiser does not need), typed with @types/css-tree's declarations.
declare module 'css-tree/parser' {
  import { parse } from 'css-tree';
  export default parse;
}
declare module 'css-tree/walker' {
  import { walk } from 'css-tree';
  export default walk;
}
declare module 'css-tree/generator' {
  import { generate } from 'css-tree';
  export default generate;
}
