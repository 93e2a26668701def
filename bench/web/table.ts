/** A Markdown table, as every bench:web section prints it (pasted as is into bench/README.md). */
export const table = (header: string[], rows: string[][], align: string[]) =>
  [
    `| ${header.join(' | ')} |`,
    `|${align.join('|')}|`,
    ...rows.map((row) => `| ${row.join(' | ')} |`),
  ].join('\n');
