const count = new Intl.NumberFormat('fr-FR');

/** '0 spectateur', '1 spectateur', '12 spectateurs' (French keeps 0 and 1 singular). */
export const formatViewerCount = (n: number) => `${count.format(n)} spectateur${n > 1 ? 's' : ''}`;
