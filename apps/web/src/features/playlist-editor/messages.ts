/**
 * Spec section 8, exactly as written ('Playlist créée/modifiée/supprimée avec succès' is one
 * message per action); the others are ours where the spec says nothing.
 */
export const editorMessages = {
  created: 'Playlist créée avec succès',
  createFailed: 'Erreur pendant la création de la playlist',
  updated: 'Playlist modifiée avec succès',
  updateFailed: 'Erreur pendant la modification de la playlist',
  deleted: 'Playlist supprimée avec succès',
  deleteFailed: 'Erreur pendant la suppression de la playlist',
  confirmDelete: 'Etes-vous sûr de vouloir supprimer cette playlist ?',
  reorderFailed: "Erreur lors du changement d'ordre",
  loadFailed: 'Erreur pendant le chargement de la playlist',
  videosLoadFailed: 'Erreur pendant le chargement des vidéos de la playlist',
  videoRemoved: 'Vidéo retirée de la playlist',
  actionFailed: "Erreur pendant l'opération",
  notEditor: "Seul l'auteur de la playlist ou un geek peut la modifier",
  membersOnly: 'Seuls les membres de l’association peuvent créer une playlist.',
} as const;
