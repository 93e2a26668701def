/** A cell as spreadsheets read it: quoted, and never taken for a formula (=, +, -, @). */
const cell = (value: string) => {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return `"${safe.replaceAll('"', '""')}"`;
};

/** The geeks' export of a direct's conversation, deleted messages included and marked. */
export const chatCsv = (
  rows: {
    id: number;
    username: string;
    body: string;
    sentAt: Date | string;
    recordingMs: number | null;
    deletedAt: Date | string | null;
  }[],
) =>
  [
    ['id', 'envoyé le', 'temps dans la rediffusion (s)', 'auteur', 'message', 'supprimé le'],
    ...rows.map((row) => [
      String(row.id),
      new Date(row.sentAt).toISOString(),
      row.recordingMs === null ? '' : (Number(row.recordingMs) / 1000).toFixed(1),
      row.username,
      row.body,
      row.deletedAt === null ? '' : new Date(row.deletedAt).toISOString(),
    ]),
  ]
    .map((line) => line.map(cell).join(','))
    .join('\r\n') + '\r\n';
