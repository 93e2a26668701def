/** The catch-all's messages: one is drawn per visit, to soften the dead end. */
export const notFoundMessages = [
  "Cette page est partie en tournage et n'est jamais revenue.",
  "Coupez ! Cette scène n'a pas survécu au montage final.",
  'Le direct a sauté : la régie cherche encore le bon câble.',
  "Cette vidéo dort sur une carte SD, au fond d'un sac, quelque part sur le campus.",
  "Même le stagiaire caméra n'a pas trouvé ce plan. Et il a cherché partout.",
  'Cette page révise ses partiels. Revenez après les exams.',
  'Le rendu a planté à 99 %. Classique.',
  'On a fouillé le local matériel : trois trépieds, un micro sans bonnette, mais pas cette page.',
] as const;

/** The hidden route's messages: whoever finds it has earned a wink. */
export const secretMessages = [
  'Bienvenue dans les coulisses ! Ici on tourne de nuit : on a éteint la lumière du jour pour vous.',
  'Chut, vous êtes en régie. Pas de mode jour ici, ça éblouit les cadreurs.',
] as const;

/** One message of `messages`, at random. */
export const pickMessage = (messages: readonly string[]) =>
  messages[Math.floor(Math.random() * messages.length)] ?? messages[0];
