// The part of html-to-text (v10 ships no types) that feedText.ts uses.
declare module 'html-to-text' {
  export interface SelectorDefinition {
    selector: string;
    format?: string;
    options?: Record<string, unknown>;
  }
  export interface HtmlToTextOptions {
    wordwrap?: number | false;
    selectors?: SelectorDefinition[];
    decodeEntities?: boolean;
  }
  export function convert(html: string, options?: HtmlToTextOptions): string;
}
