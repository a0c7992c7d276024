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

/** Relative import of the widget kit from a file under `generated/`. */
export function kitImport(fromDir: string, sub = ''): string {
  const depth = fromDir.split('/').filter(Boolean).length;
  return `${'../'.repeat(depth)}src/web/kit${sub}`;
}
