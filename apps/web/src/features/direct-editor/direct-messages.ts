/** Spec section 8: what the direct form says, exactly as written. */
export const directMessages = {
  created: 'Direct créée avec succès',
  updated: 'Direct modifié avec succès',
  createFailed: 'Erreur pendant la création du direct',
  updateFailed: 'Erreur pendant la modification du direct',
  posterUploaded: 'Poster uploadé avec succès',
  posterFailed: "Erreur pendant l'upload",
  deleted: 'Direct supprimé avec succès',
  deleteFailed: 'Erreur pendant la suppression du direct',
} as const;
