import type * as Unpdf from 'unpdf';

const LEGACY_BUILD_NOTICE = 'Warning: Please use the `legacy` build in Node.js environments.';

let loaded: Promise<typeof Unpdf> | undefined;

/**
 * unpdf with its pdf.js resolved. pdf.js announces on load, through console.log, that
 * Node should use its legacy build; the serverless build unpdf ships reads text fine,
 * so that one notice is kept off the terminal of whoever runs `npm start`.
 */
export function loadPdfJs(): Promise<typeof Unpdf> {
  loaded ??= (async () => {
    const unpdf = await import('unpdf');
    const log = console.log;
    console.log = (...args: unknown[]) => {
      if (args[0] !== LEGACY_BUILD_NOTICE) log(...args);
    };
    try {
      await unpdf.getResolvedPDFJS();
    } finally {
      console.log = log;
    }
    return unpdf;
  })();
  return loaded;
}
