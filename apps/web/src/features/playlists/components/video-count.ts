const count = new Intl.NumberFormat('fr-FR');

/** '0 vidéo', '1 vidéo', '12 vidéos' (French keeps 0 and 1 singular). */
export const formatVideoCount = (n: number) => `${count.format(n)} vidéo${n > 1 ? 's' : ''}`;
