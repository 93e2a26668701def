/**
 * Spec section 5: whitespace is removed from the term (around it: the words inside stay apart,
 * the server matches each), and an empty term is answered empty without a call.
 */
export const searchTerm = (text: string) => text.trim();
