// @typescript-eslint/parser, with every import and re-export seen as a value one, for the files
// import-x reads while following imports: its no-cycle skips type-only imports (with no option
// to keep them), and a cycle closed by an `import type` still ties two files' designs together.
// The file being linted is parsed normally: no other rule sees the change.
// eslint-disable-next-line @typescript-eslint/no-require-imports -- import-x loads parsers with require
const tsParser = require('@typescript-eslint/parser');

const kinds = new Set([
  'ImportDeclaration',
  'ExportNamedDeclaration',
  'ExportAllDeclaration',
  'TSImportEqualsDeclaration',
]);

const asValue = (node) => {
  if ('importKind' in node && node.importKind === 'type') node.importKind = 'value';
  if (
    'exportKind' in node &&
    node.exportKind === 'type' &&
    (node.source || node.type === 'ExportSpecifier' || node.type === 'ImportSpecifier')
  ) {
    node.exportKind = 'value';
  }
};

module.exports = {
  meta: { name: 'value-imports-parser' },
  parseForESLint(code, options) {
    const result = tsParser.parseForESLint(code, options);
    for (const statement of result.ast.body) {
      if (!kinds.has(statement.type)) continue;
      // A re-export without `from` is of a local binding: no edge, nothing to change.
      if (statement.type === 'ExportNamedDeclaration' && !statement.source) continue;
      asValue(statement);
      for (const specifier of statement.specifiers ?? []) asValue(specifier);
    }
    return result;
  },
};
