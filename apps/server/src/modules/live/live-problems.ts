/** Why a stream was refused or stopped, as the geek reads it on the direct's edit page. */
export const problems = {
  secondEncoder:
    'Un second encodeur a été refusé : ce direct reçoit déjà un flux. Arrêtez l’autre encodeur ou régénérez la clé.',
  noCodecs:
    'Flux refusé : ni vidéo H.264 ni son AAC reçus dans les 10 premières secondes. Vérifiez les réglages de sortie de l’encodeur.',
  ending: 'Le direct est en train de se terminer : relancez le flux dans un instant.',
  diskFull: 'Le disque du serveur est presque plein : le direct est refusé pour ne rien perdre.',
  tooHigh: (height: number, max: number) =>
    `Flux refusé : ${height}p dépasse la résolution maximale (${max}p). Réduisez la résolution de sortie de l’encodeur.`,
  tooManyKbps: (kbps: number, max: number) =>
    `Flux coupé : ${kbps} kb/s dépasse le débit maximal (${max} kb/s). Réduisez le débit vidéo de l’encodeur.`,
  rungsRestarted:
    'Les qualités réduites du direct se sont interrompues, la machine ne suivait plus : elles ont été relancées. La source et l’enregistrement continuent.',
  rungsStopped:
    'Les qualités réduites du direct se sont interrompues trop souvent et restent arrêtées jusqu’à la prochaine reconnexion. La source et l’enregistrement continuent.',
  lowLatencySpaced: (seconds: number) =>
    `Latence faible indisponible : l’encodeur envoie une image clé toutes les ${Math.round(seconds)} s ou plus. Les nouveaux spectateurs reçoivent le direct en latence normale. Réglez l’intervalle d’images clés sur 1 s, puis relancez le flux.`,
  tooLong: (hours: number) =>
    `Le direct a atteint sa durée maximale (${hours} h) et a été terminé.`,
};
