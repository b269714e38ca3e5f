/** A markdown table: columns as [heading, alignment], rows as their cells. */
export const table = (columns: [heading: string, align: '---' | '--:'][], rows: string[][]) =>
  [
    `| ${columns.map(([heading]) => heading).join(' | ')} |`,
    `|${columns.map(([, align]) => align).join('|')}|`,
    ...rows.map((cells) => `| ${cells.join(' | ')} |`),
  ].join('\n')
