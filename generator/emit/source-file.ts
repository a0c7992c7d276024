import { IndentationText, NewLineKind, Project, QuoteKind, type SourceFile } from 'ts-morph';
import { codeBanner } from './banner.js';

/**
 * Builds one TypeScript/TSX file in an in-memory ts-morph project and prints it with the banner.
 * A fresh project per file keeps the emitters free of shared state.
 */
export function printSourceFile(fileName: string, source: string, build: (file: SourceFile) => void): string {
  const project = new Project({
    useInMemoryFileSystem: true,
    manipulationSettings: {
      indentationText: IndentationText.TwoSpaces,
      newLineKind: NewLineKind.LineFeed,
      quoteKind: QuoteKind.Single,
      useTrailingCommas: true,
    },
  });
  const file = project.createSourceFile(fileName, '');
  build(file);
  file.formatText({ indentSize: 2, tabSize: 2, convertTabsToSpaces: true, semicolons: 'insert' as never });
  return `${codeBanner(source)}\n${file.getFullText().trimEnd()}\n`;
}

/**
 * The widget kit as a generated file imports it: through the `@kit` path alias (tsconfig.json, read
 * by Vite and Vitest too), so a file's place under `generated/` does not change its imports.
 * @example kitImport('/list') // '@kit/list'
 */
export function kitImport(sub = ''): string {
  return `@kit${sub}`;
}
