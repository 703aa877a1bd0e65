import { type MessageFormatElement, parse } from '@formatjs/icu-messageformat-parser';

/**
 * Build-time only (scripts/i18n/compile.ts and the catalogue tests; never imported by code that runs in the
 * app or a function): ICU messages as FormatJS's AST, what `formatjs compile --ast` writes. The runtime formats
 * the AST with intl-messageformat and bundles no parser (docs/decisions/0008-i18n-library.md).
 */
export type CompiledCatalogue = Record<string, MessageFormatElement[]>;

/** Parses each message; a message that is not valid ICU throws, naming its id. */
export function compileCatalogue(messages: Readonly<Record<string, string>>): CompiledCatalogue {
  const compiled: CompiledCatalogue = {};
  for (const [id, message] of Object.entries(messages)) {
    try {
      compiled[id] = parse(message);
    } catch (error) {
      throw new Error(`Message ${id} is not valid ICU MessageFormat: ${(error as Error).message}`);
    }
  }
  return compiled;
}

/** The compiled catalogue as its file holds it: one message a line, so a change reads as a one-line diff. */
export function compiledCatalogueText(compiled: CompiledCatalogue): string {
  const lines = Object.entries(compiled).map(
    ([id, ast]) => `  ${JSON.stringify(id)}: ${JSON.stringify(ast)}`,
  );
  return `{\n${lines.join(',\n')}\n}\n`;
}
